"""A Scheveningen match in the web application: team against team (rules K40–K44)."""
