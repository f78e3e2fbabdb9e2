-- Trigram indexes for case-insensitive product search (DESIGN section 5).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
