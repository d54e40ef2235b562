-- The feed used to store a generated SVG badge as the logo of every competitor it met, which every
-- page then carried twice per team (document and payload). Competitors without a logo now have
-- none, and the pages draw the badge: the generated ones go.
UPDATE competitors SET logo = NULL WHERE logo LIKE 'data:image/svg+xml;base64,%';
