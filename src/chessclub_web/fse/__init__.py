"""Swiss federation ranking list prediction (fse.md W1–W9)."""
