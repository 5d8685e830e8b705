"""Swiss federation ranking list prediction (issue 9, fse.md W1–W9)."""
