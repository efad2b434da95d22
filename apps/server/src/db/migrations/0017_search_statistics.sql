-- Statistics of the job search's words (jobs.repository.ts searchText, the expression of the trigram
-- index jobs_search). Without them the planner takes every word for a rare one (some 0.01 % of the
-- jobs): with a status filter it read and sorted every job of those statuses (60 ms at 1,000,000
-- jobs, 100 ms for a word no job has). With them it tells a common word, whose newest jobs it reads
-- in order until the page is full (1 ms), from a rare one, whose jobs the trigram index finds (0.3 ms).
CREATE STATISTICS IF NOT EXISTS "jobs_search_words" ON (("display_name" || ' ' || "first_line_comment" || ' ' || coalesce("order_id", ''))) FROM "jobs";
