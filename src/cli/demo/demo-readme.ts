/** The README.txt of the demo warehouse: what each table is and what to look at in the explorer. */
export const README = `Lakescope demo warehouse
========================

Four small Apache Iceberg tables, one Delta Lake table and one Apache Paimon
primary-key table, plus one story told three times (story/), written from scratch by Lakescope's own Iceberg, Delta and
Paimon writers (src/cli/demo/generate-demo.ts; the same code that commits
rollbacks, compactions, tags, RESTORE and OPTIMIZE in the app). Commit times are fixed and spread
over March 2025, and the data comes from seeded generators, so regenerating
gives the same bytes. Nothing here was written by Spark or any other engine.

Plain HTTP cannot list folders, so index.json beside this file lists every key
with its size. Each table records its location as the path the app serves it
at (/demo/<namespace>/<table>); the explorer maps that prefix onto the folder
it opened, so the tables open from anywhere (a copy on disk, a bucket).

sales/orders — format v2, partitioned by day(order_ts), 1,447 rows (audit: 1,402)
  Timeline: nine nightly appends (each with a few late rows for the day before),
  then the operations every lakehouse sees:
  - delete  (12 Mar) "product = 'TEST-SKU (load test)'": merge-on-read, so
            position delete files appear next to the data files they mask;
  - overwrite (17 Mar) 10 March restated: that day's files are replaced;
  - replace (28 Mar) compaction: days with several small files, and files
            with deletes applied, are rewritten; the delete files go away;
  - tag month-end on the last March load, and branch audit from it with its
    own append (three audit adjustments) that main never sees;
  - one more append on main (2 Apr), so main and audit diverge.
  Look at: the timeline (operation colours, the audit lane, the tag), the
  metadata tree of the delete snapshot (delete manifests, position deletes),
  partitions (one per day), and a diff between the tag and main.

sales/customers — format v2, unpartitioned, 800 customers, 765 after erasures
  Schema evolution in four schema versions, by field id:
  - add column tier (9 Mar), rename email -> email_address (13 Mar),
    promote loyalty_points int -> long (16 Mar; later rows exceed 2^31).
  - equality deletes (20 and 27 Mar): erasure requests by customer_id, as a
    streaming writer would record them — no data file is read or rewritten.
  Look at: schema history (field ids stay, names and types change), old files
  read with the new names and types, and the equality delete files in the tree.

events/clicks — format v3, partitioned by identity(device), 1,682 rows written,
  1,479 live
  Eight daily appends with row lineage (each data file gets a first-row-id;
  the table's next-row-id grows), and two deletes by filter stored as
  deletion vectors in Puffin files:
  - 9 Mar: crawler hits (is_bot = true);
  - 10 Mar: an internal tester and the /account page — files that already had
    a vector get one merged vector (at most one per data file).
  Look at: deletion-vector nodes (Puffin blob offsets and cardinalities) in the
  tree, row counts before and after each delete, first-row-id on data files.

events/sessions — format v2, 1,116 rows
  Partition evolution: month(started_at) until 8 Mar, then day(started_at).
  Files written before keep spec 0; both specs are in the metadata. On 18 Mar
  rewrite-manifests merges the one-manifest-per-append manifests (a replace
  snapshot that changes no data).
  Look at: the partitions view per spec, the manifest count before and after
  the rewrite, and that row counts do not change across it.

logistics/shipments — Delta Lake, partitioned by region, deletion vectors on,
  222 rows
  Five daily appends (3-7 Mar), then:
  - DELETE (12 Mar) "status = 'cancelled'": 18 rows marked in a deletion
    vector file; the data files are re-added with vectors, not rewritten;
  - UPDATE (14 Mar) delayed shipments before 5 Mar become delivered: the old
    rows get vectors, the new ones go to new files;
  - OPTIMIZE (18 Mar) packs each region's small files into one and applies
    the vectors (dataChange=false: the rows do not change);
  - a bad load (20 Mar, three days of rows under one day), undone by RESTORE
    to version 8 (21 Mar) — a new version 10 with version 8's files;
  - one more append (21 Mar).
  Versions 5 and 10 have classic Parquet checkpoints (delta.checkpointInterval
  is 5), with _last_checkpoint pointing at the newest.
  Look at: the log as a tree (checkpoint → commits → add/remove → data file →
  deletion vector), the row counts across DELETE, OPTIMIZE and RESTORE, and
  time travel to version 9 (302 rows) before the RESTORE.

inventory/stock — Apache Paimon, primary key (warehouse, sku), partitioned by
  warehouse, 2 buckets, 71 rows
  A first stock count (80 rows), then:
  - four daily upserts (4-7 Mar): each writes one level-0 file per bucket it
    touches; sequence numbers grow and the newest record of a key wins;
  - DELETE (8 Mar) of four discontinued SKUs in both warehouses: -D records in
    new level-0 files, nothing rewritten;
  - full compaction (10 Mar): a COMPACT snapshot; each bucket's files merge
    into one file at the top level (5) and the deletes are applied;
  - more upserts (11 Mar) and one delete (12 Mar): level-0 files again.
  Look at: the LSM view (level 0 above level 5), the timeline (APPEND and
  COMPACT), row kinds and sequence numbers in the data files.

story/iceberg, story/delta, story/paimon — one story, three formats: 16 bank
  accounts with the same history, committed at the same instants (7-11 Apr):
  create; append 12 accounts; append 4 more; update (accounts 3 and 7 frozen);
  delete (the 3 closed accounts); compact; roll back to the update.
  - Iceberg v2: the update is an overwrite (copy-on-write), the delete a
    position delete file, the compaction drops it, the rollback is a new
    metadata file that points main back at the update's snapshot;
  - Delta: UPDATE and DELETE write deletion vectors, OPTIMIZE applies them,
    RESTORE is version 6 with version 3's files;
  - Paimon (primary key account_id, 1 bucket): upserts and -D records go to
    level-0 files, full compaction writes one level-5 file, the rollback is
    snapshot 6 with snapshot 3's files.
  Look at: the story page (Compare formats), which puts the steps side by
  side with the files each format wrote, dropped and brought back.
`;
