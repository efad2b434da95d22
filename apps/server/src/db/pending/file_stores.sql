-- Issue 17, decision 917: the file parts are mostly compressed already (PDF, JPEG, PNG, xlsx); keep
-- them out of line without TOAST's compression. Appended to the migration that makes stored_file_parts.
ALTER TABLE "stored_file_parts" ALTER COLUMN "data" SET STORAGE EXTERNAL;
