CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The vocabulary a search that finds nothing as typed is corrected against (docs/shop-rules.md#search,
-- docs/decisions/0012-typo-tolerant-search.md): the words of active products' titles with how many have each,
-- kept by triggers on products (a change of title or activity only, never a stock move) and backfilled here.
CREATE FUNCTION "search_title_words"(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(lower(title), '[^[:alpha:]]+') AS word WHERE length(word) >= 3
$$;
--> statement-breakpoint
CREATE FUNCTION "search_words_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word, products)
      SELECT word, count(*) FROM new_rows, search_title_words(new_rows.title) AS word
      WHERE new_rows.active GROUP BY word ORDER BY word
      ON CONFLICT (word) DO UPDATE SET products = search_words.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE search_words SET products = search_words.products - gone.products
      FROM (SELECT word, count(*) AS products FROM old_rows, search_title_words(old_rows.title) AS word
            WHERE old_rows.active GROUP BY word) AS gone
      WHERE search_words.word = gone.word;
  ELSE
    IF OLD.active THEN
      UPDATE search_words SET products = products - 1 WHERE word IN (SELECT search_title_words(OLD.title));
    END IF;
    IF NEW.active THEN
      INSERT INTO search_words (word, products)
        SELECT word, 1 FROM search_title_words(NEW.title) AS word ORDER BY word
        ON CONFLICT (word) DO UPDATE SET products = search_words.products + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "search_words_on_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_track"();
--> statement-breakpoint
CREATE TRIGGER "search_words_on_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_track"();
--> statement-breakpoint
CREATE TRIGGER "search_words_on_update" AFTER UPDATE OF "title", "active" ON "products"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION "search_words_track"();
--> statement-breakpoint
INSERT INTO search_words (word, products)
  SELECT word, count(*) FROM products, search_title_words(products.title) AS word
  WHERE products.active GROUP BY word;
