-- The planner costs pg_trgm's word-similarity operators like plain comparisons, so for common search words it
-- prefers scanning every product to using the trigram index. Make them as expensive as they are. Needs ownership
-- of the functions (a managed PostgreSQL may not give it): then the search still works, only slower.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are (no privilege)';
END $$;
