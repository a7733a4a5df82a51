"""`cardtable serve --workers N`: the dispatcher, each worker, which worker owns a table
(shards), and the status each reports."""
