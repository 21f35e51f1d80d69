/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The application's tables: their CREATE statements, the version row, and
 * the migrations that bring older tables to PR_STORE_SCHEMA_VERSION.
 */
#define G_LOG_DOMAIN "pr-store-schema"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"

/* The new repeats of each complete scan (pr-store-repeats.c): a record
 * new or changed in it, and the earlier record it repeats. */
#define REPEATS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  scan_id BIGINT NOT NULL," \
  "  record_id VARCHAR(191) NOT NULL," \
  "  existing_id VARCHAR(191) NOT NULL," \
  "  distance TINYINT UNSIGNED NOT NULL," \
  "  kind VARCHAR(16) NOT NULL DEFAULT ''," \
  "  PRIMARY KEY (scan_id, record_id, existing_id)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The numbered cases of each source table (pr-store-cases.c): one row per
 * case, and its members; a member that leaves is marked, not deleted. */
#define CASES_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  number INT UNSIGNED NOT NULL," \
  "  primary_id VARCHAR(191) NOT NULL," \
  "  n_members INT UNSIGNED NOT NULL," \
  "  first_scan_id BIGINT NOT NULL," \
  "  first_seen_at DATETIME(6) NOT NULL," \
  "  last_scan_id BIGINT NOT NULL," \
  "  last_seen_at DATETIME(6) NOT NULL," \
  "  ended_scan_id BIGINT NULL," \
  "  ended_at DATETIME(6) NULL," \
  "  merged_into INT UNSIGNED NULL," \
  "  PRIMARY KEY (source_database, source_table, number)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

#define CASE_MEMBERS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  number INT UNSIGNED NOT NULL," \
  "  record_id VARCHAR(191) NOT NULL," \
  "  joined_scan_id BIGINT NOT NULL," \
  "  left_scan_id BIGINT NULL," \
  "  PRIMARY KEY (source_database, source_table, number, record_id)," \
  "  KEY pr_case_members_record (source_database, source_table, record_id)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The distinct passages of each stored record (pr-store-passages.c): an
 * intake check reads the holders of a new text's passages through the
 * index on the hash, rather than every stored record's parts. A record's
 * rows mirror its parts in pr_fingerprints: written with them, and gone
 * when it is retired, sparse or stored without parts. The hash index
 * holds the words too, so that a part's holders are read from it alone. */
#define PASSAGES_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  record_id VARCHAR(191) NOT NULL," \
  "  hash BIGINT UNSIGNED NOT NULL," \
  "  words TINYINT UNSIGNED NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, record_id, hash)," \
  "  KEY pr_passages_hash (source_database, source_table, hash, words)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* How many records hold each passage (pr-store-passages.c), kept with
 * pr_passages: so that a passage held by thousands is known as
 * boilerplate by one read, not by counting its holders. */
#define PASSAGE_COUNTS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  hash BIGINT UNSIGNED NOT NULL," \
  "  n INT UNSIGNED NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, hash)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The judged pairs of each source table's last complete scan
 * (pr-store-judged.c), packed JUDGED_CHUNK to a row. */
#define JUDGED_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  chunk INT UNSIGNED NOT NULL," \
  "  scan_id BIGINT NOT NULL," \
  "  judge_key BIGINT UNSIGNED NOT NULL," \
  "  n_pairs INT UNSIGNED NOT NULL," \
  "  pairs MEDIUMBLOB NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, chunk)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The part matcher's pairs and boilerplate of each source table's last
 * matched set (pr-store-part-pairs.c), packed to rows under 1 MB. */
#define PART_PAIRS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  chunk INT UNSIGNED NOT NULL," \
  "  match_key BIGINT UNSIGNED NOT NULL," \
  "  n_pairs INT UNSIGNED NOT NULL," \
  "  pairs MEDIUMBLOB NOT NULL," \
  "  n_boilerplate INT UNSIGNED NOT NULL," \
  "  boilerplate MEDIUMBLOB NOT NULL," \
  "  total_pairs BIGINT UNSIGNED NOT NULL," \
  "  total_boilerplate BIGINT UNSIGNED NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, chunk)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The short bodies of each source table's last complete scan that judged
 * its pairs (pr-store-short-texts.c), each with its distinct character
 * 3-grams, packed to rows under 1 MB: the intake check finds a new
 * text's short-text candidates among them by the scan's rule. */
#define SHORT_TEXTS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  chunk INT UNSIGNED NOT NULL," \
  "  scan_id BIGINT NOT NULL," \
  "  n_bodies INT UNSIGNED NOT NULL," \
  "  bodies MEDIUMBLOB NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, chunk)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* The short bodies of each table's last judged scan and the index of
 * their rare 3-grams (pr-store-short-texts.c), which the intake check
 * reads by the new text's own 3-grams. */
#define SHORT_BODIES_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  body INT UNSIGNED NOT NULL," \
  "  scan_id BIGINT NOT NULL," \
  "  record_id VARCHAR(191) NOT NULL," \
  "  n_grams INT UNSIGNED NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, body)," \
  "  KEY pr_short_bodies_record (source_database, source_table, record_id)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

#define SHORT_GRAMS_STATEMENT \
  "CREATE TABLE IF NOT EXISTS %s (" \
  "  source_database VARCHAR(64) NOT NULL," \
  "  source_table VARCHAR(64) NOT NULL," \
  "  bucket INT UNSIGNED NOT NULL," \
  "  scan_id BIGINT NOT NULL," \
  "  grams MEDIUMBLOB NOT NULL," \
  "  PRIMARY KEY (source_database, source_table, bucket)" \
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s"

/* Every row about a source table names it by its database and its name,
 * both as the catalogue spells them (pr-store-keys.c). A database of ''
 * is a row of version 3 or before, not yet claimed by a database. */
static const char *const create_statements[] = {
  "CREATE TABLE IF NOT EXISTS %s ("
  "  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  "  source_database VARCHAR(64) NOT NULL DEFAULT '',"
  "  source_table VARCHAR(64) NOT NULL,"
  "  mapping TEXT NOT NULL,"
  "  mapping_version BIGINT UNSIGNED NOT NULL,"
  "  k TINYINT UNSIGNED NOT NULL,"
  "  started_at DATETIME(6) NOT NULL,"
  "  finished_at DATETIME(6) NULL,"
  "  status ENUM('running','complete','failed','cancelled') NOT NULL,"
  "  records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  new_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  refingerprinted_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  clusters BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  cases_numbered TINYINT(1) NOT NULL DEFAULT 0,"
  "  passages_stored TINYINT(1) NOT NULL DEFAULT 0,"
  /* The second stage's probability, NULL for a scan that did not judge
   * (or kept no judgement); the intake check judges at it. */
  "  judge_probability DOUBLE NULL,"
  "  message TEXT NULL,"
  "  KEY pr_scans_table_status (source_database, source_table, status)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  /* A short surrogate key, because every entry of a secondary index
   * carries the primary key: with (source_table, record_id) as the key the
   * four block indexes of 10^7 fingerprints outgrew a 2 GB buffer pool.
   * The block indexes hold the fingerprint too, so the check's
   * BIT_COUNT is evaluated in the index and only matches are read. */
  "CREATE TABLE IF NOT EXISTS %s ("
  "  row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,"
  "  source_database VARCHAR(64) NOT NULL DEFAULT '',"
  "  source_table VARCHAR(64) NOT NULL,"
  "  record_id VARCHAR(191) NOT NULL,"
  "  fingerprint BIGINT UNSIGNED NOT NULL,"
  "  b0 SMALLINT UNSIGNED NOT NULL,"
  "  b1 SMALLINT UNSIGNED NOT NULL,"
  "  b2 SMALLINT UNSIGNED NOT NULL,"
  "  b3 SMALLINT UNSIGNED NOT NULL,"
  "  content_hash BIGINT UNSIGNED NOT NULL,"
  "  sparse TINYINT UNSIGNED NOT NULL DEFAULT 0,"
  "  parts MEDIUMBLOB NULL,"
  "  mapping_version BIGINT UNSIGNED NOT NULL,"
  "  scan_id BIGINT NOT NULL,"
  "  scanned_at DATETIME(6) NOT NULL,"
  "  retired_at DATETIME(6) NULL,"
  "  PRIMARY KEY (row_id),"
  "  UNIQUE KEY pr_fingerprints_record (source_database, source_table, record_id),"
  "  KEY pr_fingerprints_b0 (b0, fingerprint),"
  "  KEY pr_fingerprints_b1 (b1, fingerprint),"
  "  KEY pr_fingerprints_b2 (b2, fingerprint),"
  "  KEY pr_fingerprints_b3 (b3, fingerprint)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  "CREATE TABLE IF NOT EXISTS %s ("
  "  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  "  source_database VARCHAR(64) NOT NULL DEFAULT '',"
  "  source_table VARCHAR(64) NOT NULL,"
  "  record_id VARCHAR(191) NOT NULL,"
  "  primary_id VARCHAR(191) NULL,"
  "  verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL,"
  "  reviewer VARCHAR(191) NOT NULL,"
  "  decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),"
  "  note TEXT NULL,"
  "  undoes BIGINT NULL,"
  "  old_values TEXT NULL,"
  "  case_number INT UNSIGNED NULL,"
  "  login VARCHAR(191) NULL,"
  "  KEY pr_decisions_record (source_database, source_table, record_id),"
  "  KEY pr_decisions_primary (source_database, source_table, primary_id),"
  "  KEY pr_decisions_undoes (undoes),"
  "  KEY pr_decisions_case (source_database, source_table, case_number)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  REPEATS_STATEMENT,
  CASES_STATEMENT,
  CASE_MEMBERS_STATEMENT,
  PASSAGES_STATEMENT,
  PASSAGE_COUNTS_STATEMENT,
  JUDGED_STATEMENT,
  PART_PAIRS_STATEMENT,
  SHORT_BODIES_STATEMENT,
  SHORT_GRAMS_STATEMENT,

  /* Last: a version row means the other tables are all there. */
  "CREATE TABLE IF NOT EXISTS %s ("
  "  name VARCHAR(64) NOT NULL PRIMARY KEY,"
  "  value TEXT NOT NULL"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",
};

/* Reads the stored schema version: 0 with *found FALSE when there is no
 * pr_meta table (or no version row) yet. */
static gboolean
read_version (PrStore   *self,
              guint64   *version,
              gboolean  *found,
              GError   **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT value FROM %s WHERE name = 'schema_version'", self->q_meta);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *value;

  *version = 0;
  *found = FALSE;
  rows = _pr_connection_select (self->connection, sql, NULL, 0, &local_error);
  if (rows == NULL)
    {
      if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE))
        return TRUE;
      _pr_store_explain_error (self, error, local_error, "SELECT", C_("tables", "read"));
      return FALSE;
    }
  if (rows->len == 0)
    return TRUE;

  value = ((PrDbRow *) rows->pdata[0])->values[0];
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT32, version, NULL))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” have a damaged version (“%s”)"),
                   self->schema, value != NULL ? value : "NULL");
      return FALSE;
    }
  *found = TRUE;
  return TRUE;
}

/* The columns the migrations added, with the version that added them:
 * a table holds at version v its columns in create_statements less those
 * added after v. A table created by a migration has all its columns from
 * that version (created_in below). */
static const struct {
  const char *table;
  const char *column;
  guint version;
} added_columns[] = {
  { "pr_fingerprints", "row_id", 2 },
  { "pr_fingerprints", "parts", 3 },
  { "pr_fingerprints", "source_database", 4 },
  { "pr_scans", "source_database", 4 },
  { "pr_scans", "refingerprinted_records", 4 },
  { "pr_decisions", "source_database", 4 },
  { "pr_decisions", "case_number", 5 },
  { "pr_decisions", "login", 6 },
  { "pr_scans", "cases_numbered", 7 },
  { "pr_scans", "passages_stored", 8 },
  { "pr_scans", "judge_probability", 11 },
  { "pr_repeats", "kind", 12 },
};

/* In the order of create_statements: each table's name and the version
 * that made it. */
static const struct {
  const char *name;
  guint created_in;
} own_tables[] = {
  { "pr_scans", 1 },
  { "pr_fingerprints", 1 },
  { "pr_decisions", 1 },
  { "pr_repeats", 4 },
  { "pr_cases", 5 },
  { "pr_case_members", 5 },
  { "pr_passages", 8 },
  { "pr_passage_counts", 8 },
  { "pr_judged_pairs", 9 },
  { "pr_part_pairs", 10 },
  { "pr_short_bodies", 14 },
  { "pr_short_grams", 14 },
  { "pr_meta", 1 },
};

static guint
column_added_in (guint       table,
                 const char *column)
{
  for (guint i = 0; i < G_N_ELEMENTS (added_columns); i++)
    if (strcmp (added_columns[i].table, own_tables[table].name) == 0 &&
        strcmp (added_columns[i].column, column) == 0)
      return added_columns[i].version;
  return own_tables[table].created_in;
}

/* Reads the columns of create_statements[@table] into @columns: name to
 * type as information_schema's DATA_TYPE spells it ("varchar", "enum"). */
static void
own_columns (guint       table,
             GHashTable *columns)
{
  const char *p = strchr (create_statements[table], '(');
  int depth = 1;

  for (p++; *p != '\0' && depth > 0; p++)
    {
      const char *name, *name_end, *type, *type_end;

      while (*p == ' ')
        p++;
      name = p;
      name_end = name + strcspn (name, " ");
      type = name_end + strspn (name_end, " ");
      type_end = type + strcspn (type, " (,)");
      /* To the comma that ends this entry, past any parenthesis in it. */
      for (; *p != '\0'; p++)
        {
          if (*p == '(')
            depth++;
          else if (*p == ')' && --depth == 0)
            break;
          else if (*p == ',' && depth == 1)
            break;
        }
      if (strncmp (name, "KEY ", 4) == 0 || strncmp (name, "PRIMARY ", 8) == 0 ||
          strncmp (name, "UNIQUE ", 7) == 0)
        continue;
      g_hash_table_insert (columns, g_strndup (name, name_end - name),
                           g_ascii_strdown (type, type_end - type));
      if (depth == 0)
        break;
    }
}

/* The newest version whose @table has exactly the columns @found (name
 * to DATA_TYPE), or 0 when none has: a table of the same name but of
 * another shape. */
static guint
shape_version (guint       table,
               GHashTable *found)
{
  g_autoptr(GHashTable) columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer name, type;
  guint oldest = own_tables[table].created_in;
  guint newest = PR_STORE_SCHEMA_VERSION;

  own_columns (table, columns);
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, &name, &type))
    {
      const char *own_type = g_hash_table_lookup (columns, name);

      if (own_type == NULL || g_ascii_strcasecmp (own_type, type) != 0)
        return 0;
      oldest = MAX (oldest, column_added_in (table, name));
    }
  /* Every column the table had by then; the first it lacks came later. */
  g_hash_table_iter_init (&iter, columns);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!g_hash_table_contains (found, name))
      {
        guint added = column_added_in (table, name);

        if (added <= oldest)
          return 0;
        newest = MIN (newest, added - 1);
      }
  return newest;
}

static void
refuse_table (PrStore     *self,
              const char  *table,
              const char  *why,
              GError     **error)
{
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               _("the schema “%s” already holds a table “%s” that is not one of the application's (%s), "
                 "perhaps one of the office's own: the application's tables would take its name. Keep them "
                 "in another schema (the command line's --store SCHEMA; the application keeps them in the "
                 "database it connects to), or rename that table; nothing was written"),
               self->schema, table, why);
}

/* Before the tables are made: a table of the office's own that has one of
 * their names (pr_repeats, pr_meta…) would be taken for the
 * application's by CREATE TABLE IF NOT EXISTS, and written to, or fail
 * only scans later. A table of the application's own, of some version's
 * columns (one a run cut off while making them left), is taken; the
 * version row then names a version all of them had, so that the
 * migrations bring them on. Sets *@version to it. */
static gboolean
refuse_foreign_tables (PrStore  *self,
                       guint    *version,
                       GError  **error)
{
  const char *params[] = { self->schema };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_hash_table_unref);

  *version = PR_STORE_SCHEMA_VERSION;
  rows = _pr_connection_select (self->connection,
                                "SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS "
                                "WHERE TABLE_SCHEMA = ? AND TABLE_NAME LIKE 'pr\\_%'", params, 1, error);
  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const PrDbRow *row = rows->pdata[i];
      GHashTable *columns;

      if (row->values[0] == NULL || row->values[1] == NULL || row->values[2] == NULL)
        continue;
      columns = g_hash_table_lookup (tables, row->values[0]);
      if (columns == NULL)
        {
          columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          g_hash_table_insert (tables, g_strdup (row->values[0]), columns);
        }
      g_hash_table_insert (columns, g_strdup (row->values[1]), g_strdup (row->values[2]));
    }
  for (guint i = 0; i < G_N_ELEMENTS (own_tables); i++)
    {
      GHashTable *columns = g_hash_table_lookup (tables, own_tables[i].name);
      guint shape;

      if (columns == NULL)
        continue;
      shape = shape_version (i, columns);
      if (shape == 0)
        {
          refuse_table (self, own_tables[i].name, _("its columns are not the application's"), error);
          return FALSE;
        }
      *version = MIN (*version, shape);
    }

  /* Without a version row, the application's pr_meta is empty: it is made
   * last, and its row written at once. */
  if (g_hash_table_contains (tables, "pr_meta"))
    {
      g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM %s", self->q_meta);

      g_clear_pointer (&rows, g_ptr_array_unref);
      rows = _pr_connection_select (self->connection, sql, NULL, 0, error);
      if (rows == NULL)
        return FALSE;
      if (rows->len != 1 || g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "0") != 0)
        {
          refuse_table (self, "pr_meta", _("it holds rows of its own"), error);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
create_tables (PrStore  *self,
               GError  **error)
{
  const char *names[] = { self->q_scans, self->q_fingerprints, self->q_decisions, self->q_repeats,
                          self->q_cases, self->q_case_members, self->q_passages, self->q_passage_counts,
                          self->q_judged, self->q_part_pairs, self->q_short_bodies, self->q_short_grams,
                          self->q_meta };
  g_autofree char *insert = NULL;
  char version[24];
  unsigned long version_length;
  MYSQL_BIND params[1];

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == G_N_ELEMENTS (create_statements));
  guint shape;

  G_STATIC_ASSERT (G_N_ELEMENTS (own_tables) == G_N_ELEMENTS (create_statements));

  if (!refuse_foreign_tables (self, &shape, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (create_statements); i++)
    {
      g_autofree char *sql = g_strdup_printf (create_statements[i], names[i], self->collation);
      g_autoptr(GError) local_error = NULL;

      if (!pr_connection_execute (self->connection, sql, &local_error))
        {
          _pr_store_explain_error (self, error, local_error, "CREATE", C_("tables", "create"));
          return FALSE;
        }
    }

  /* IGNORE: another instance may be opening the same store right now. */
  insert = g_strdup_printf ("INSERT IGNORE INTO %s (name, value) VALUES ('schema_version', ?)", self->q_meta);
  g_snprintf (version, sizeof version, "%u", shape);
  _pr_statement_bind_string (&params[0], version, &version_length);
  {
    g_autoptr(GError) local_error = NULL;

    if (!_pr_statement_run (self->connection, insert, params, NULL, NULL,
                            _("cannot record the tables' version"), &local_error))
      {
        _pr_store_explain_error (self, error, local_error, "INSERT", C_("tables", "write"));
        return FALSE;
      }
  }
  return TRUE;
}

/* Runs @alter on the table @name (quoted: @q_name) unless it has @column
 * already: a migration cut off between its ALTER (atomic in InnoDB) and
 * its version row finds the column there and only records the version. */
static gboolean
alter_unless (PrStore     *self,
              const char  *name,
              const char  *q_name,
              const char  *column,
              const char  *alter,
              GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("ALTER TABLE %s %s", q_name, alter);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *params[] = { self->schema, name, column };

  rows = _pr_connection_select (self->connection,
                                "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? "
                                "AND TABLE_NAME = ? AND COLUMN_NAME = ?",
                                params, 3, error);
  if (rows == NULL)
    return FALSE;
  if (g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "0") != 0)
    return TRUE;
  if (!pr_connection_execute (self->connection, sql, &local_error))
    {
      _pr_store_explain_error (self, error, local_error, "ALTER", C_("tables", "upgrade"));
      return FALSE;
    }
  return TRUE;
}

/* Version 1 keyed pr_fingerprints by (source_table, record_id), which
 * every block index entry repeated; version 2 has a surrogate key and
 * covering block indexes (see create_statements). */
static gboolean
migrate_1_to_2 (PrStore  *self,
                GError  **error)
{
  return alter_unless (self, "pr_fingerprints", self->q_fingerprints, "row_id",
                                    "DROP PRIMARY KEY, "
                                    "ADD COLUMN row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT FIRST, "
                                    "ADD PRIMARY KEY (row_id), "
                                    "ADD UNIQUE KEY pr_fingerprints_record (source_table, record_id), "
                                    "DROP KEY pr_fingerprints_b0, DROP KEY pr_fingerprints_b1, "
                                    "DROP KEY pr_fingerprints_b2, DROP KEY pr_fingerprints_b3, "
                                    "ADD KEY pr_fingerprints_b0 (b0, fingerprint), "
                                    "ADD KEY pr_fingerprints_b1 (b1, fingerprint), "
                                    "ADD KEY pr_fingerprints_b2 (b2, fingerprint), "
                                    "ADD KEY pr_fingerprints_b3 (b3, fingerprint)",
                                    error);
}

/* Version 3 keeps each record's parts (pr-parts.c), so that an
 * incremental scan need not cut unchanged records again. Fingerprints
 * stored before have none (NULL), so a scan with parts makes them again. */
static gboolean
migrate_2_to_3 (PrStore  *self,
                GError  **error)
{
  return alter_unless (self, "pr_fingerprints", self->q_fingerprints, "parts",
                       "ADD COLUMN parts MEDIUMBLOB NULL AFTER sparse", error);
}

/* Version 4 keys every row by the source's database too, so that two
 * databases whose tables share a name can share a store; counts the
 * records only fingerprinted again apart; and keeps each scan's new
 * repeats. The rows before name no database (''): the first connection
 * that uses their table, from a database that has it, claims them
 * (pr-store-keys.c). */
static gboolean
migrate_3_to_4 (PrStore  *self,
                GError  **error)
{
  g_autofree char *repeats = g_strdup_printf (REPEATS_STATEMENT, self->q_repeats, self->collation);
  g_autoptr(GError) local_error = NULL;

  if (!alter_unless (self, "pr_scans", self->q_scans, "source_database",
                     "ADD COLUMN source_database VARCHAR(64) NOT NULL DEFAULT '' AFTER id, "
                     "ADD COLUMN refingerprinted_records BIGINT UNSIGNED NOT NULL DEFAULT 0 AFTER changed_records, "
                     "DROP KEY pr_scans_table_status, "
                     "ADD KEY pr_scans_table_status (source_database, source_table, status)", error) ||
      !alter_unless (self, "pr_fingerprints", self->q_fingerprints, "source_database",
                     "ADD COLUMN source_database VARCHAR(64) NOT NULL DEFAULT '' AFTER row_id, "
                     "DROP KEY pr_fingerprints_record, "
                     "ADD UNIQUE KEY pr_fingerprints_record (source_database, source_table, record_id)", error) ||
      !alter_unless (self, "pr_decisions", self->q_decisions, "source_database",
                     "ADD COLUMN source_database VARCHAR(64) NOT NULL DEFAULT '' AFTER id, "
                     "DROP KEY pr_decisions_record, DROP KEY pr_decisions_primary, "
                     "ADD KEY pr_decisions_record (source_database, source_table, record_id), "
                     "ADD KEY pr_decisions_primary (source_database, source_table, primary_id)", error))
    return FALSE;
  if (!pr_connection_execute (self->connection, repeats, &local_error))
    {
      _pr_store_explain_error (self, error, local_error, "CREATE", C_("tables", "upgrade"));
      return FALSE;
    }
  return TRUE;
}

/* Creates the tables an upgrade adds: @statements[i] (a CREATE TABLE IF
 * NOT EXISTS with the name and collation to fill in) for @names[i]. */
static gboolean
create_for_upgrade (PrStore            *self,
                    const char *const  *statements,
                    const char *const  *names,
                    guint               n,
                    GError            **error)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sql = g_strdup_printf (statements[i], names[i], self->collation);
      g_autoptr(GError) local_error = NULL;

      if (!pr_connection_execute (self->connection, sql, &local_error))
        {
          _pr_store_explain_error (self, error, local_error, "CREATE", C_("tables", "upgrade"));
          return FALSE;
        }
    }
  return TRUE;
}

/* Version 5 numbers the cases (pr-store-cases.c): their two tables, and
 * the case a decision was made against. */
static gboolean
migrate_4_to_5 (PrStore  *self,
                GError  **error)
{
  const char *statements[] = { CASES_STATEMENT, CASE_MEMBERS_STATEMENT };
  const char *names[] = { self->q_cases, self->q_case_members };

  if (!create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error))
    return FALSE;
  return alter_unless (self, "pr_decisions", self->q_decisions, "case_number",
                       "ADD COLUMN case_number INT UNSIGNED NULL", error);
}

/* Version 6 keeps the reviewer's name as they set it (reviewer) apart
 * from the account the decision was made from (login, NULL before), and
 * indexes the decisions by case, whose history is read by it. */
static gboolean
migrate_5_to_6 (PrStore  *self,
                GError  **error)
{
  return alter_unless (self, "pr_decisions", self->q_decisions, "login",
                       "ADD COLUMN login VARCHAR(191) NULL AFTER case_number, "
                       "ADD KEY pr_decisions_case (source_database, source_table, case_number)", error);
}

/* Version 7 marks the complete scans that numbered the cases: an open
 * case was found by every one of them since it began, so its last seen
 * is read from them rather than written to every case at every scan. */
static gboolean
migrate_6_to_7 (PrStore  *self,
                GError  **error)
{
  return alter_unless (self, "pr_scans", self->q_scans, "cases_numbered",
                       "ADD COLUMN cases_numbered TINYINT(1) NOT NULL DEFAULT 0 AFTER clusters", error);
}

/* Version 8 keeps each stored record's passages by hash (pr_passages)
 * with their holders' counts (pr_passage_counts), and marks the complete
 * scans that wrote them. The tables are filled by the next scan, whose
 * commit writes every live record's passages from their stored parts;
 * until then an intake check reads the parts as before
 * (pr_store_has_passages ()). */
static gboolean
migrate_7_to_8 (PrStore  *self,
                GError  **error)
{
  const char *statements[] = { PASSAGES_STATEMENT, PASSAGE_COUNTS_STATEMENT };
  const char *names[] = { self->q_passages, self->q_passage_counts };

  if (!create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error))
    return FALSE;
  return alter_unless (self, "pr_scans", self->q_scans, "passages_stored",
                       "ADD COLUMN passages_stored TINYINT(1) NOT NULL DEFAULT 0 AFTER cases_numbered", error);
}

/* Version 9 keeps the second stage's judgements of each table's last
 * complete scan (pr-store-judged.c); until a scan keeps them, a rescan
 * judges every pair, as before. */
static gboolean
migrate_8_to_9 (PrStore  *self,
                GError  **error)
{
  const char *statements[] = { JUDGED_STATEMENT };
  const char *names[] = { self->q_judged };

  return create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error);
}

/* Version 10 keeps the part matcher's answer of each table's last
 * matched set (pr-store-part-pairs.c); until a scan keeps it, a rescan
 * matches every record's passages, as before. */
static gboolean
migrate_9_to_10 (PrStore  *self,
                 GError  **error)
{
  const char *statements[] = { PART_PAIRS_STATEMENT };
  const char *names[] = { self->q_part_pairs };

  return create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error);
}

/* Version 11 keeps the probability a judged scan joined its pairs at;
 * an intake check after an older scan judges at the default one. */
static gboolean
migrate_10_to_11 (PrStore  *self,
                  GError  **error)
{
  return alter_unless (self, "pr_scans", self->q_scans, "judge_probability",
                       "ADD COLUMN judge_probability DOUBLE NULL AFTER passages_stored", error);
}

/* Version 12 keeps each new repeat's kind (a copy of one letter sent to
 * another body is no repeat); the rows kept before hold "", not known. */
static gboolean
migrate_11_to_12 (PrStore  *self,
                  GError  **error)
{
  return alter_unless (self, "pr_repeats", self->q_repeats, "kind",
                       "ADD COLUMN kind VARCHAR(16) NOT NULL DEFAULT '' AFTER distance", error);
}

/* Version 13 keeps the short bodies a judged scan paired by their
 * 3-grams; until a scan keeps them, the intake check finds no short-text
 * candidates, as the scans before did not. */
static gboolean
migrate_12_to_13 (PrStore  *self,
                  GError  **error)
{
  const char *statements[] = { SHORT_TEXTS_STATEMENT };
  const char *names[] = { self->q_short_texts };

  return create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error);
}

/* Version 14 indexes the short bodies by their rare 3-grams, so that
 * the intake check reads the rows of a new text's own rather than every
 * short body: the bodies version 13 kept are indexed, nothing lost. */
static gboolean
migrate_13_to_14 (PrStore  *self,
                  GError  **error)
{
  const char *statements[] = { SHORT_BODIES_STATEMENT, SHORT_GRAMS_STATEMENT };
  const char *names[] = { self->q_short_bodies, self->q_short_grams };

  return create_for_upgrade (self, statements, names, G_N_ELEMENTS (statements), error) &&
         _pr_store_migrate_short_texts (self, error);
}

/* Version 15 keeps as not judged (−1) a pair its scan proved below the
 * threshold without the word diff. The rows of older versions hold only
 * judged pairs and stay as they are; the new version keeps an older
 * program, which would read −1 as a probability, from such rows. */
static gboolean
migrate_14_to_15 (PrStore  *self,
                  GError  **error)
{
  return TRUE;
}

typedef gboolean (*MigrateFunc) (PrStore *self, GError **error);

/* migrations[v - 1] brings version v to v + 1. */
static const MigrateFunc migrations[] = {
  migrate_1_to_2,
  migrate_2_to_3,
  migrate_3_to_4,
  migrate_4_to_5,
  migrate_5_to_6,
  migrate_6_to_7,
  migrate_7_to_8,
  migrate_8_to_9,
  migrate_9_to_10,
  migrate_10_to_11,
  migrate_11_to_12,
  migrate_12_to_13,
  migrate_13_to_14,
  migrate_14_to_15,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == PR_STORE_SCHEMA_VERSION - 1);

/* Brings the tables from @version to PR_STORE_SCHEMA_VERSION one step at
 * a time, each step followed by its version row, under a lock so that two
 * instances opening an old store do not both migrate it. */
static gboolean
migrate (PrStore  *self,
         guint64   version,
         GError  **error)
{
  g_autofree char *lock = _pr_store_lock_name (self, "migrate", "");
  g_autofree char *update = g_strdup_printf ("UPDATE %s SET value = ? WHERE name = 'schema_version'",
                                             self->q_meta);
  const char *lock_params[] = { lock };
  g_autoptr(GPtrArray) rows = NULL;
  gboolean found = FALSE;
  gboolean ok = FALSE;

  /* A large store takes minutes to rebuild: wait for another instance's. */
  rows = _pr_connection_select (self->connection, "SELECT GET_LOCK(?, 3600)", lock_params, 1, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len != 1 || g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("another Petition Review has been upgrading the application's tables in the "
                     "schema “%s” for an hour; try again when it has finished"), self->schema);
      return FALSE;
    }

  if (!read_version (self, &version, &found, error))
    goto out;
  if (!found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” lost their version row"), self->schema);
      goto out;
    }
  for (; version < PR_STORE_SCHEMA_VERSION; version++)
    {
      char next[24];
      unsigned long next_length;
      MYSQL_BIND params[1];
      g_autoptr(GError) local_error = NULL;

      g_message (_("upgrading the application's tables in “%s” from version %llu"),
                 self->schema, (unsigned long long) version);
      if (!migrations[version - 1] (self, error))
        goto out;
      g_snprintf (next, sizeof next, "%" G_GUINT64_FORMAT, version + 1);
      _pr_statement_bind_string (&params[0], next, &next_length);
      if (!_pr_statement_run (self->connection, update, params, NULL, NULL,
                              _("cannot record the tables' version"), &local_error))
        {
          _pr_store_explain_error (self, error, local_error, "UPDATE", C_("tables", "upgrade"));
          goto out;
        }
    }
  ok = TRUE;

out:
  _pr_store_release_lock (self, lock);
  return ok;
}

/* Makes the tables when they are not there, upgrades older ones, and
 * refuses newer ones (see pr_store_open()). */
gboolean
_pr_store_ensure_tables (PrStore  *self,
                         GError  **error)
{
  guint64 version = 0;
  gboolean found = FALSE;

  if (!read_version (self, &version, &found, error))
    return FALSE;
  if (!found)
    {
      if (!create_tables (self, error) || !read_version (self, &version, &found, error))
        return FALSE;
      g_debug ("application tables created in %s", self->schema);
    }
  if (!found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” have no version row"), self->schema);
      return FALSE;
    }
  if (version > PR_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_STORE_TOO_NEW,
                   _("the application's tables in the schema “%s” were made by a newer Petition Review "
                     "(table version %llu, this program knows up to %d); "
                     "update Petition Review, or choose another schema"),
                   self->schema, (unsigned long long) version, PR_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (version < PR_STORE_SCHEMA_VERSION && !migrate (self, version, error))
    return FALSE;

  return TRUE;
}
