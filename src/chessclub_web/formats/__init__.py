"""Date and number formats overriding Django's per language (``FORMAT_MODULE_PATH``)."""
