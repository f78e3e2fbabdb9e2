-- Trigram indexes for case-insensitive product search (docs/shop-rules.md#search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
