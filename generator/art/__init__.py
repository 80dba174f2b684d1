"""Text and art helpers that the model's checks, the elements and the components share: colours and
patterns, icons and pictures, rich text and text blocks, glyph checks."""
