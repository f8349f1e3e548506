-- Search of the board's offers by words in Portuguese (issue 28; docs/decisions/0264-offer-search.md).
-- Both extensions are trusted (an owner who is not a superuser may create them) and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (its dictionary could be changed); this wrapper names the dictionary and
-- is declared IMMUTABLE so that a generated column and an index may use it.
CREATE FUNCTION public.cc_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- An offer's words: the title weighs A, the description B, the categories C (the ranking's classes).
CREATE FUNCTION public.cc_offer_search(title text, description text, categories text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('portuguese'::regconfig, public.cc_unaccent(coalesce(title, ''))), 'A') ||
    setweight(to_tsvector('portuguese'::regconfig, public.cc_unaccent(coalesce(description, ''))), 'B') ||
    setweight(to_tsvector('portuguese'::regconfig, public.cc_unaccent(coalesce(array_to_string(categories, ' '), ''))), 'C') $$;

-- Kept by PostgreSQL on every write; Prisma's schema does not declare it (see the comment on model Offer).
ALTER TABLE "Offer" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (public.cc_offer_search("title", "description", "categories")) STORED;
CREATE INDEX "Offer_search_idx" ON "Offer" USING GIN ("search");

-- Small typos in a title ('confetaria'): trigrams of the title without accents, in lower case.
CREATE INDEX "Offer_title_trgm_idx" ON "Offer" USING GIN ((public.cc_unaccent(lower("title"))) gin_trgm_ops);
