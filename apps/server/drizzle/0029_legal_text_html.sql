-- The privacy policy and terms of use are rich text now: a text stored before (plain, one paragraph
-- a line) becomes the same paragraphs as HTML, escaped, as the server turns plain text into HTML.
UPDATE "sys_legal_text" SET "content" = COALESCE((
  SELECT string_agg('<p>' || replace(replace(replace(replace(replace(btrim("line"), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') || '</p>', '' ORDER BY "n")
  FROM regexp_split_to_table("sys_legal_text"."content", E'\\r?\\n') WITH ORDINALITY AS "lines"("line", "n")
  WHERE btrim("line") <> ''
), '') WHERE "content" !~ '^\s*<';
