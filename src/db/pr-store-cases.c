/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Case numbers in the store: pr_cases holds one row per case of a source
 * table (its primary, when it was first and last found, when it ended and
 * into which case it merged), pr_case_members its members. A scan's commit
 * numbers its clusters (pr-case-numbering.c) against the open cases, in
 * the commit's transaction, so a failed scan numbers nothing. Rows are
 * never deleted (the tables need SELECT, INSERT and UPDATE only, like the
 * others): the largest number of a table is the largest ever used; a
 * member that leaves a case gets left_scan_id, and an ended case keeps
 * the members it had when it ended, so that a number on an old form can
 * still be looked up. Only cases whose primary or members changed are
 * rewritten. A case's last seen is not written at every scan (that cost
 * a second at 10^6 records): every complete scan marked cases_numbered
 * found every case open at its time, so a case was last seen by the
 * newest such scan before it ended (list_last_seen()), or by the scan its
 * row names when that is newer (rows written before that mark existed).
 *
 * A scan that writes its outputs before its commit numbers its clusters
 * then (pr_store_number_cases), and its commit must give the same
 * numbers. Reading every open case and member again in the commit doubled
 * the cost of a rescan, so the store keeps that numbering with a stamp of
 * the table's cases: how many scans of the table are complete (only a
 * scan's commit writes cases, in the transaction that marks it complete,
 * and scan rows are never deleted), the last of them, and the largest case
 * number. The commit reads the stamp again, locking the table's complete
 * scans, and reuses the numbering only for the same table, the same
 * clusters (by digest) and the same stamp; else it numbers again as
 * before, against what it reads in its transaction.
 */
#define G_LOG_DOMAIN "pr-store-cases"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-cases.h"
#include "pr-store-private.h"

/* Rows per multi-row INSERT: 500 rows of 9 values stay far below the
 * 65,535 placeholders a statement may have. */
#define BATCH_ROWS 500

/* The stored cases of one table: number → index in numbers/primaries. */
typedef struct {
  GArray     *numbers;     /* guint32 */
  GPtrArray  *primaries;   /* char *, owned */
  GPtrArray  *members;     /* GPtrArray of char * (owned), one per case */
  GHashTable *index_of;    /* number → index + 1 */
} Loaded;

static void
loaded_clear (Loaded *loaded)
{
  g_clear_pointer (&loaded->numbers, g_array_unref);
  g_clear_pointer (&loaded->primaries, g_ptr_array_unref);
  g_clear_pointer (&loaded->members, g_ptr_array_unref);
  g_clear_pointer (&loaded->index_of, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Loaded, loaded_clear)

/* The numbering pr_store_number_cases() made last, for the commit. */
struct _PrCaseCache {
  char            *database;
  char            *table;
  char            *stamp;      /* read_stamp() before the cases were read */
  char            *digest;     /* clusters_digest() of the clusters numbered */
  Loaded           loaded;
  GHashTable      *number_of;  /* member → number, keys owned by loaded */
  PrCaseNumbering *numbering;
};

void
_pr_case_cache_free (PrCaseCache *cache)
{
  if (cache == NULL)
    return;
  g_free (cache->database);
  g_free (cache->table);
  g_free (cache->stamp);
  g_free (cache->digest);
  g_clear_pointer (&cache->number_of, g_hash_table_unref);
  loaded_clear (&cache->loaded);
  g_clear_pointer (&cache->numbering, pr_case_numbering_free);
  g_free (cache);
}

/* A digest of @clusters: their order, primaries and members. */
static char *
clusters_digest (const PrCaseMembers *clusters,
                 gsize                n_clusters)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint64 n = n_clusters;

  g_checksum_update (checksum, (const guchar *) &n, sizeof n);
  for (gsize x = 0; x < n_clusters; x++)
    {
      n = clusters[x].n_members;
      g_checksum_update (checksum, (const guchar *) &n, sizeof n);
      g_checksum_update (checksum, (const guchar *) clusters[x].primary_id, strlen (clusters[x].primary_id) + 1);
      for (gsize m = 0; m < clusters[x].n_members; m++)
        g_checksum_update (checksum, (const guchar *) clusters[x].member_ids[m],
                           strlen (clusters[x].member_ids[m]) + 1);
    }
  return g_strdup (g_checksum_get_string (checksum));
}

/* Reads the stamp of @where's cases (see the top of this file), the
 * largest case number ever used and the server's time. @locking: in the
 * commit's transaction, so that no other scan of the table completes
 * until it ends. */
static char *
read_stamp (PrStore           *self,
            const PrStoreKey  *where,
            gboolean           locking,
            guint64           *max_used,
            char               now[32],
            GError           **error)
{
  g_autofree char *scans_sql = NULL;
  g_autofree char *max_sql = NULL;
  g_autoptr(GPtrArray) scans = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  const char *params[2] = { where->database, where->table };
  PrDbRow *scan_row, *row;

  scans_sql = g_strdup_printf ("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM %s WHERE source_database = ? "
                               "AND source_table = ? AND status = 'complete'%s",
                               self->q_scans, locking ? " FOR UPDATE" : "");
  scans = _pr_connection_select (self->connection, scans_sql, params, 2, error);
  if (scans == NULL)
    return NULL;
  max_sql = g_strdup_printf ("SELECT COALESCE(MAX(number), 0), DATE_FORMAT(UTC_TIMESTAMP(6), "
                             "'%%Y-%%m-%%d %%H:%%i:%%s.%%f') FROM %s WHERE source_database = ? AND source_table = ?",
                             self->q_cases);
  rows = _pr_connection_select (self->connection, max_sql, params, 2, error);
  if (rows == NULL)
    return NULL;
  scan_row = scans->pdata[0];
  row = rows->pdata[0];
  *max_used = g_ascii_strtoull (row->values[0], NULL, 10);
  g_strlcpy (now, row->values[1], 32);
  return g_strdup_printf ("%s/%s/%s", scan_row->values[0], scan_row->values[1], row->values[0]);
}

static void
add_loaded_case (const char    *primary_id,
                 const guint64 *values,
                 gpointer       user_data)
{
  Loaded *loaded = user_data;
  guint32 number = values[0];

  g_array_append_val (loaded->numbers, number);
  g_ptr_array_add (loaded->primaries, g_strdup (primary_id));
  g_ptr_array_add (loaded->members, g_ptr_array_new_with_free_func (g_free));
  g_hash_table_insert (loaded->index_of, GUINT_TO_POINTER (number), GUINT_TO_POINTER (loaded->numbers->len));
}

static void
add_loaded_member (const char    *record_id,
                   const guint64 *values,
                   gpointer       user_data)
{
  Loaded *loaded = user_data;
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (loaded->index_of, GUINT_TO_POINTER ((guint32) values[0])));

  /* Members of a case not loaded (ended, when only open ones are asked
   * for) are not wanted. */
  if (index != 0)
    g_ptr_array_add (loaded->members->pdata[index - 1], g_strdup (record_id));
}

/* Reads the table's cases (open ones only unless @with_ended) and their
 * members, in number order. */
static gboolean
load_cases (PrStore     *self,
            const char  *db,
            const char  *table,
            gboolean     with_ended,
            Loaded      *loaded,
            GError     **error)
{
  g_autofree char *cases_sql = NULL;
  g_autofree char *members_sql = NULL;
  unsigned long lengths[2];
  MYSQL_BIND params[2];
  const char *open_only = with_ended ? "" : " AND c.ended_scan_id IS NULL";

  loaded->numbers = g_array_new (FALSE, FALSE, sizeof (guint32));
  loaded->primaries = g_ptr_array_new_with_free_func (g_free);
  loaded->members = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  loaded->index_of = g_hash_table_new (g_direct_hash, g_direct_equal);

  cases_sql = g_strdup_printf ("SELECT c.primary_id, c.number FROM %s c "
                               "WHERE c.source_database = ? AND c.source_table = ?%s ORDER BY c.number",
                               self->q_cases, open_only);
  members_sql = g_strdup_printf ("SELECT m.record_id, m.number FROM %s m JOIN %s c "
                                 "USING (source_database, source_table, number) "
                                 "WHERE m.source_database = ? AND m.source_table = ? AND m.left_scan_id IS NULL%s "
                                 "ORDER BY m.number, m.record_id",
                                 self->q_case_members, self->q_cases, open_only);
  _pr_statement_bind_string (&params[0], db, &lengths[0]);
  _pr_statement_bind_string (&params[1], table, &lengths[1]);
  return _pr_store_for_each_row (self, cases_sql, params, 1, add_loaded_case, loaded,
                       _("cannot read the stored cases"), error) &&
         _pr_store_for_each_row (self, members_sql, params, 1, add_loaded_member, loaded,
                       _("cannot read the stored cases' members"), error);
}

/* Runs "@prefix (?,…),(?,…)… @suffix" for @n_rows rows of @n_columns
 * values, BATCH_ROWS at a time or fewer, as the server's
 * max_allowed_packet takes; @bind_row binds row @row's values to
 * @params (its lengths to @lengths). */
typedef void (*BindRowFunc) (gsize           row,
                             MYSQL_BIND     *params,
                             unsigned long  *lengths,
                             gpointer        user_data);

static gboolean
insert_rows (PrStore      *self,
             const char   *prefix,
             const char   *suffix,
             guint         n_columns,
             gsize         n_rows,
             BindRowFunc   bind_row,
             gpointer      user_data,
             const char   *what,
             GError      **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_ROWS * n_columns);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_ROWS * n_columns);
  gsize budget = _pr_connection_statement_budget (self->connection);

  for (gsize start = 0, n = 0; start < n_rows; start += n)
    {
      g_autoptr(GString) sql = g_string_new (prefix);
      gsize bytes = 0;

      /* As many rows as the server's max_allowed_packet takes. */
      for (n = 0; n < BATCH_ROWS && start + n < n_rows; n++)
        {
          gsize row_bytes = n_columns * 12 + 16;

          memset (lengths + n * n_columns, 0, n_columns * sizeof *lengths);
          bind_row (start + n, params + n * n_columns, lengths + n * n_columns, user_data);
          for (guint c = 0; c < n_columns; c++)
            row_bytes += lengths[n * n_columns + c];
          if (n > 0 && bytes + row_bytes > budget)
            break;
          bytes += row_bytes;
        }
      for (gsize r = 0; r < n; r++)
        {
          g_string_append (sql, r == 0 ? " (" : ", (");
          for (guint c = 0; c < n_columns; c++)
            g_string_append (sql, c == 0 ? "?" : ", ?");
          g_string_append_c (sql, ')');
        }
      g_string_append (sql, suffix);
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL, what, error))
        return FALSE;
    }
  return TRUE;
}

typedef struct {
  const char          *db;
  const char          *table;
  const char          *now;
  gint64               scan_id;
  const PrCaseMembers *clusters;
  const guint32       *numbers;
  GArray              *rows;        /* gsize: the clusters to write */
  GArray              *member_rows; /* guint64: cluster << 32 | member, the members joining */
  GArray              *leaving;     /* Leaving: the members leaving */
  guint32             *n_members;   /* per row of rows */
  const char         **primaries;   /* per changed row: its primary */
  guint32             *n_unknown;   /* per changed row: members not read */
} Writes;

typedef struct {
  guint32     number;
  const char *record_id;
} Leaving;

/* Binds a case's key, (database, table, number), to three parameters. */
static void
bind_case_key (MYSQL_BIND    *params,
               unsigned long *lengths,
               const Writes  *writes,
               const guint32 *number)
{
  _pr_statement_bind_string (&params[0], writes->db, &lengths[0]);
  _pr_statement_bind_string (&params[1], writes->table, &lengths[1]);
  _pr_statement_bind_u32 (&params[2], number);
}

static void
bind_case_row (gsize          row,
               MYSQL_BIND    *params,
               unsigned long *lengths,
               gpointer       user_data)
{
  Writes *writes = user_data;
  gsize x = g_array_index (writes->rows, gsize, row);

  writes->n_members[row] = writes->clusters[x].n_members;
  bind_case_key (&params[0], &lengths[0], writes, &writes->numbers[x]);
  _pr_statement_bind_string (&params[3], writes->clusters[x].primary_id, &lengths[3]);
  _pr_statement_bind_u32 (&params[4], &writes->n_members[row]);
  _pr_statement_bind_i64 (&params[5], &writes->scan_id);
  _pr_statement_bind_string (&params[6], writes->now, &lengths[6]);
  _pr_statement_bind_i64 (&params[7], &writes->scan_id);
  _pr_statement_bind_string (&params[8], writes->now, &lengths[8]);
}

static void
bind_member_row (gsize          row,
                 MYSQL_BIND    *params,
                 unsigned long *lengths,
                 gpointer       user_data)
{
  Writes *writes = user_data;
  guint64 both = g_array_index (writes->member_rows, guint64, row);
  gsize x = both >> 32;

  bind_case_key (&params[0], &lengths[0], writes, &writes->numbers[x]);
  _pr_statement_bind_string (&params[3], writes->clusters[x].member_ids[(guint32) both], &lengths[3]);
  _pr_statement_bind_i64 (&params[4], &writes->scan_id);
}

/* The records a scan did not read (bad rows it skipped): still in the
 * table, so unknown to it rather than gone. @scanned: when a skipped
 * row's id could not be read, every record the scan read (any other
 * could be that row); else NULL. */
typedef struct {
  GHashTable *kept;
  GHashTable *scanned;
} Unknown;

static gboolean
is_unknown (const Unknown *unknown,
            const char    *record_id)
{
  return g_hash_table_contains (unknown->kept, record_id) ||
         (unknown->scanned != NULL && !g_hash_table_contains (unknown->scanned, record_id));
}

/* How many members of stored case @index the scan did not read. */
static guint
count_unknown (const Loaded  *loaded,
               guint          index,
               const Unknown *unknown)
{
  GPtrArray *members = loaded->members->pdata[index];
  guint n = 0;

  for (guint m = 0; m < members->len; m++)
    n += is_unknown (unknown, members->pdata[m]);
  return n;
}

/* Whether cluster @x has exactly the members and primary of the stored
 * case it continues, @index in @loaded, the members the scan did not
 * read (@n_unknown of them) counted as still there. */
static gboolean
same_as_stored (const PrCaseMembers *cluster,
                const Loaded        *loaded,
                guint                index,
                GHashTable          *number_of,
                const Unknown       *unknown,
                guint                n_unknown)
{
  GPtrArray *members = loaded->members->pdata[index];
  guint32 number = g_array_index (loaded->numbers, guint32, index);
  const char *primary = loaded->primaries->pdata[index];

  if ((strcmp (cluster->primary_id, primary) != 0 && !is_unknown (unknown, primary)) ||
      cluster->n_members + n_unknown != members->len)
    return FALSE;
  for (gsize m = 0; m < cluster->n_members; m++)
    if (GPOINTER_TO_UINT (g_hash_table_lookup (number_of, cluster->member_ids[m])) != number)
      return FALSE;
  return TRUE;
}

/* Runs a prepared statement once per row; @bind binds row @row. */
static gboolean
run_per_row (PrStore      *self,
             const char   *sql,
             gsize         n_rows,
             BindRowFunc   bind,
             gpointer      user_data,
             MYSQL_BIND   *params,
             unsigned long *lengths,
             const char   *what,
             GError      **error)
{
  MYSQL_STMT *stmt;
  gboolean ok = TRUE;

  if (n_rows == 0)
    return TRUE;
  stmt = _pr_statement_prepare (self->connection, sql, what, error);
  if (stmt == NULL)
    return FALSE;
  for (gsize r = 0; r < n_rows && ok; r++)
    {
      bind (r, params, lengths, user_data);
      ok = _pr_statement_execute (stmt, params, what, error);
    }
  mysql_stmt_close (stmt);
  return ok;
}

typedef struct {
  Writes                *writes;
  const PrCaseNumbering *numbering;
} Ends;

static void
bind_end_row (gsize          row,
              MYSQL_BIND    *params,
              unsigned long *lengths,
              gpointer       user_data)
{
  Ends *ends = user_data;
  const PrCaseEnd *end = &ends->numbering->ended[row];

  _pr_statement_bind_i64 (&params[0], &ends->writes->scan_id);
  _pr_statement_bind_string (&params[1], ends->writes->now, &lengths[1]);
  if (end->merged_into != 0)
    _pr_statement_bind_u32 (&params[2], &end->merged_into);
  else
    _pr_statement_bind_null (&params[2]);
  bind_case_key (&params[3], &lengths[3], ends->writes, &end->number);
}

static void
bind_changed_row (gsize          row,
                  MYSQL_BIND    *params,
                  unsigned long *lengths,
                  gpointer       user_data)
{
  Writes *writes = user_data;
  gsize x = g_array_index (writes->rows, gsize, row);

  writes->n_members[row] = writes->clusters[x].n_members + writes->n_unknown[row];
  _pr_statement_bind_string (&params[0], writes->primaries[row], &lengths[0]);
  _pr_statement_bind_u32 (&params[1], &writes->n_members[row]);
  bind_case_key (&params[2], &lengths[2], writes, &writes->numbers[x]);
}

static void
bind_leaving_row (gsize          row,
                  MYSQL_BIND    *params,
                  unsigned long *lengths,
                  gpointer       user_data)
{
  Writes *writes = user_data;
  Leaving *leaving = &g_array_index (writes->leaving, Leaving, row);

  _pr_statement_bind_i64 (&params[0], &writes->scan_id);
  bind_case_key (&params[1], &lengths[1], writes, &leaving->number);
  _pr_statement_bind_string (&params[4], leaving->record_id, &lengths[4]);
}

/* Numbers @clusters against the open cases of @where, read into
 * @loaded (with @number_of: each of their members → its case); @now: the
 * server's time; @stamp (nullable): the cases' stamp, read first. */
static PrCaseNumbering *
number_against_stored (PrStore             *self,
                       const PrStoreKey    *where,
                       gboolean             locking,
                       const PrCaseMembers *clusters,
                       gsize                n_clusters,
                       Loaded              *loaded,
                       GHashTable          *number_of,
                       char                 now[32],
                       char               **stamp,
                       GError             **error)
{
  g_autofree char *read = NULL;
  g_autoptr(GArray) earlier = NULL;
  guint64 max_used;

  /* Before the cases: a scan that completes after it changes it. */
  read = read_stamp (self, where, locking, &max_used, now, error);
  if (read == NULL || !load_cases (self, where->database, where->table, FALSE, loaded, error))
    return NULL;

  earlier = g_array_sized_new (FALSE, FALSE, sizeof (PrCaseMembers), loaded->numbers->len);
  for (guint i = 0; i < loaded->numbers->len; i++)
    {
      GPtrArray *members = loaded->members->pdata[i];
      PrCaseMembers one = {
        .number = g_array_index (loaded->numbers, guint32, i),
        .primary_id = loaded->primaries->pdata[i],
        .member_ids = (const char *const *) members->pdata,
        .n_members = members->len,
      };

      g_array_append_val (earlier, one);
      for (guint m = 0; m < members->len; m++)
        g_hash_table_insert (number_of, members->pdata[m], GUINT_TO_POINTER (one.number));
    }
  if (stamp != NULL)
    *stamp = g_steal_pointer (&read);
  return pr_case_numbering_new ((const PrCaseMembers *) (gconstpointer) earlier->data, earlier->len,
                                (guint32) MIN (max_used, G_MAXUINT32), clusters, n_clusters, error);
}

/**
 * pr_store_number_cases:
 * @store: a store
 * @table: the source table
 * @cases: (inout): clusters of a scan of @table; their numbers are filled
 *   in (@cases->expected is not read)
 * @error: return location for a #GError
 *
 * Numbers @cases against the table's open cases (pr-case-numbering.c) as
 * a commit would, writing nothing: for a scan whose outputs are written
 * before its commit. While the scan holds the table's scan lock, its
 * commit gives the same numbers. The store keeps this numbering (the
 * last one only) for that commit, which reuses it when the table's cases
 * did not change since.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_number_cases (PrStore      *self,
                       const char   *table,
                       PrScanCases  *cases,
                       GError      **error)
{
  g_autoptr(PrCaseCache) cache = g_new0 (PrCaseCache, 1);
  const PrStoreKey *where;
  char now[32];

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cases != NULL, FALSE);

  g_clear_pointer (&self->case_cache, _pr_case_cache_free);
  where = _pr_store_resolve (self, table, error);
  if (where == NULL)
    return FALSE;
  cache->number_of = g_hash_table_new (g_str_hash, g_str_equal);
  cache->numbering = number_against_stored (self, where, FALSE, cases->clusters, cases->n_clusters,
                                            &cache->loaded, cache->number_of, now, &cache->stamp, error);
  if (cache->numbering == NULL)
    return FALSE;
  memcpy (cases->numbers, cache->numbering->numbers, cases->n_clusters * sizeof *cases->numbers);
  cache->database = g_strdup (where->database);
  cache->table = g_strdup (where->table);
  cache->digest = clusters_digest (cases->clusters, cases->n_clusters);
  self->case_cache = g_steal_pointer (&cache);
  return TRUE;
}

/* The numbering pr_store_number_cases() made of @cases, taken from the
 * store, if the commit may reuse it (see the top of this file); else
 * %NULL, also on error (then @error is set). */
static PrCaseCache *
take_cached_numbering (PrStore           *self,
                       const PrStoreKey  *where,
                       const PrScanCases *cases,
                       char               now[32],
                       GError           **error)
{
  g_autoptr(PrCaseCache) cache = g_steal_pointer (&self->case_cache);
  g_autofree char *stamp = NULL;
  g_autofree char *digest = NULL;
  guint64 max_used;

  if (cache == NULL || strcmp (cache->database, where->database) != 0 ||
      strcmp (cache->table, where->table) != 0 || cache->numbering->n_clusters != cases->n_clusters)
    return NULL;
  stamp = read_stamp (self, where, TRUE, &max_used, now, error);
  if (stamp == NULL || strcmp (stamp, cache->stamp) != 0)
    return NULL;
  digest = clusters_digest (cases->clusters, cases->n_clusters);
  if (strcmp (digest, cache->digest) != 0)
    return NULL;
  return g_steal_pointer (&cache);
}

/* Called by the scan's commit, inside its transaction, with the table's
 * scan lock held: numbers @cases, refuses numbers other than
 * @cases->expected (when given), writes the cases, and fills
 * @cases->numbers. */
gboolean
_pr_store_assign_cases (PrStore             *self,
                        const PrStoreKey    *where,
                        gint64               scan_id,
                        PrScanCases         *cases,
                        GHashTable          *kept,
                        GHashTable          *scanned,
                        GError             **error)
{
  Unknown unknown = { kept, scanned };
  g_autoptr(GPtrArray) changed_primaries = g_ptr_array_new ();
  g_autoptr(GArray) changed_unknown = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) ended = g_array_new (FALSE, FALSE, sizeof (PrCaseEnd));
  PrCaseNumbering ended_numbering;
  g_auto(Loaded) own_loaded = { 0 };
  g_autoptr(PrCaseCache) cache = NULL;
  Loaded *loaded_p = &own_loaded;
  const char *db = where->database;
  const char *table = where->table;
  const PrCaseMembers *clusters = cases->clusters;
  gsize n_clusters = cases->n_clusters;
  guint32 *numbers = cases->numbers;
  g_autofree char *sql = NULL;
  g_autoptr(GHashTable) own_number_of = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTable *number_of = own_number_of;
  g_autoptr(PrCaseNumbering) own_numbering = NULL;
  const PrCaseNumbering *numbering;
  GError *local_error = NULL;
  g_autoptr(GArray) new_rows = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) changed_rows = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) member_rows = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) leaving = g_array_new (FALSE, FALSE, sizeof (Leaving));
  g_autoptr(GHashTable) cluster_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree guint32 *n_members = NULL;
  MYSQL_BIND params[9];
  unsigned long lengths[9];
  char now[32];
  Writes writes = { 0 };
  Ends ends = { &writes, NULL };

  cache = take_cached_numbering (self, where, cases, now, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  if (cache != NULL)
    {
      loaded_p = &cache->loaded;
      number_of = cache->number_of;
      numbering = cache->numbering;
    }
  else
    {
      own_numbering = number_against_stored (self, where, TRUE, clusters, n_clusters, &own_loaded,
                                             own_number_of, now, NULL, error);
      if (own_numbering == NULL)
        return FALSE;
      numbering = own_numbering;
    }
  memcpy (numbers, numbering->numbers, n_clusters * sizeof *numbers);
  /* The outputs written before the commit named these numbers. */
  if (cases->expected != NULL && n_clusters > 0 &&
      memcmp (cases->expected, numbers, n_clusters * sizeof *numbers) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
                   _("the cases of “%s” changed after this scan numbered them, so the case numbers it "
                     "wrote out would be wrong; nothing of it is stored: scan again"), table);
      return FALSE;
    }

  /* What to write: new cases whole, continued ones only if changed, and
   * of those the members that join or leave. */
  for (gsize x = 0; x < n_clusters; x++)
    for (gsize m = 0; m < clusters[x].n_members; m++)
      g_hash_table_insert (cluster_of, (gpointer) clusters[x].member_ids[m], GSIZE_TO_POINTER (x + 1));
  for (gsize x = 0; x < n_clusters; x++)
    {
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (loaded_p->index_of, GUINT_TO_POINTER (numbers[x])));
      guint n_unknown = numbering->continued[x] ? count_unknown (loaded_p, index - 1, &unknown) : 0;

      if (!numbering->continued[x])
        g_array_append_val (new_rows, x);
      else if (!same_as_stored (&clusters[x], loaded_p, index - 1, number_of, &unknown, n_unknown))
        {
          GPtrArray *stored = loaded_p->members->pdata[index - 1];
          const char *primary = loaded_p->primaries->pdata[index - 1];

          /* A member the scan did not read stays, and stays the primary. */
          g_array_append_val (changed_rows, x);
          g_ptr_array_add (changed_primaries,
                           (gpointer) (is_unknown (&unknown, primary) ? primary : clusters[x].primary_id));
          g_array_append_val (changed_unknown, n_unknown);
          for (guint m = 0; m < stored->len; m++)
            if (GPOINTER_TO_SIZE (g_hash_table_lookup (cluster_of, stored->pdata[m])) != x + 1 &&
                !is_unknown (&unknown, stored->pdata[m]))
              {
                Leaving one = { numbers[x], stored->pdata[m] };

                g_array_append_val (leaving, one);
              }
        }
      else
        continue;
      for (gsize m = 0; m < clusters[x].n_members; m++)
        if (GPOINTER_TO_UINT (g_hash_table_lookup (number_of, clusters[x].member_ids[m])) != numbers[x])
          {
            guint64 both = ((guint64) x << 32) | m;

            g_array_append_val (member_rows, both);
          }
    }

  /* A case that ends only because the scan did not read some of its
   * members (none of the others is in a cluster now) stays as it was. */
  for (gsize e = 0; e < numbering->n_ended; e++)
    {
      const PrCaseEnd *end = &numbering->ended[e];
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (loaded_p->index_of, GUINT_TO_POINTER (end->number)));
      GPtrArray *stored = index != 0 ? loaded_p->members->pdata[index - 1] : NULL;
      gboolean keep = index != 0 && count_unknown (loaded_p, index - 1, &unknown) > 0;

      for (guint m = 0; keep && m < stored->len; m++)
        if (g_hash_table_contains (cluster_of, stored->pdata[m]))
          keep = FALSE;
      if (!keep)
        g_array_append_val (ended, *end);
    }
  ended_numbering = *numbering;
  ended_numbering.n_ended = ended->len;
  ended_numbering.ended = (PrCaseEnd *) (gpointer) ended->data;

  writes = (Writes) { db, table, now, scan_id, clusters, numbers, NULL, member_rows, leaving, NULL,
                      (const char **) changed_primaries->pdata, (guint32 *) (gpointer) changed_unknown->data };
  n_members = g_new0 (guint32, MAX (n_clusters, 1));
  writes.n_members = n_members;
  ends.numbering = &ended_numbering;

  sql = g_strdup_printf ("UPDATE %s SET ended_scan_id = ?, ended_at = ?, merged_into = ? "
                         "WHERE source_database = ? AND source_table = ? AND number = ?", self->q_cases);
  if (!run_per_row (self, sql, ended->len, bind_end_row, &ends, params, lengths,
                    _("cannot record the ended cases"), error))
    return FALSE;

  writes.rows = changed_rows;
  g_free (sql);
  sql = g_strdup_printf ("UPDATE %s SET primary_id = ?, n_members = ? "
                         "WHERE source_database = ? AND source_table = ? AND number = ?", self->q_cases);
  if (!run_per_row (self, sql, changed_rows->len, bind_changed_row, &writes, params, lengths,
                    _("cannot record the changed cases"), error))
    return FALSE;
  g_free (sql);
  sql = g_strdup_printf ("UPDATE %s SET left_scan_id = ? "
                         "WHERE source_database = ? AND source_table = ? AND number = ? AND record_id = ?",
                         self->q_case_members);
  if (!run_per_row (self, sql, leaving->len, bind_leaving_row, &writes, params, lengths,
                    _("cannot record the changed cases"), error))
    return FALSE;

  writes.rows = new_rows;
  g_free (sql);
  sql = g_strdup_printf ("INSERT INTO %s (source_database, source_table, number, primary_id, n_members, "
                         "first_scan_id, first_seen_at, last_scan_id, last_seen_at) VALUES", self->q_cases);
  if (!insert_rows (self, sql, "", 9, new_rows->len, bind_case_row, &writes, _("cannot record the new cases"), error))
    return FALSE;
  g_free (sql);
  /* A record back in a case it left has its row already. */
  sql = g_strdup_printf ("INSERT INTO %s (source_database, source_table, number, record_id, joined_scan_id) VALUES",
                         self->q_case_members);
  if (!insert_rows (self, sql, " ON DUPLICATE KEY UPDATE joined_scan_id = VALUES(joined_scan_id), left_scan_id = NULL",
                    5, member_rows->len, bind_member_row, &writes,
                    _("cannot record the cases' members"), error))
    return FALSE;

  g_debug ("scan %" G_GINT64_FORMAT " of %s.%s: %u new cases, %u changed, %u ended",
           scan_id, db, table, new_rows->len, changed_rows->len, ended->len);
  return TRUE;
}

/**
 * pr_stored_case_free:
 * @stored_case: (nullable) (transfer full): a case
 */
void
pr_stored_case_free (PrStoredCase *stored_case)
{
  if (stored_case == NULL)
    return;
  g_free (stored_case->primary_id);
  g_strfreev (stored_case->member_ids);
  g_free (stored_case);
}

static gint64
integer_or_zero (const char *value)
{
  return value != NULL ? g_ascii_strtoll (value, NULL, 10) : 0;
}

/* The complete scans of a table that numbered its cases, in id order. */
typedef struct {
  GArray *ids;      /* gint64 */
  GArray *seconds;  /* gint64, when each finished */
} NumberingScans;

static gboolean
list_numbering_scans (PrStore           *self,
                      const PrStoreKey  *where,
                      NumberingScans    *scans,
                      GError           **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  const char *params[2] = { where->database, where->table };

  sql = g_strdup_printf ("SELECT id, TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', finished_at) FROM %s "
                         "WHERE source_database = ? AND source_table = ? AND status = 'complete' "
                         "AND cases_numbered ORDER BY id", self->q_scans);
  rows = _pr_connection_select (self->connection, sql, params, 2, error);
  if (rows == NULL)
    return FALSE;
  scans->ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), rows->len);
  scans->seconds = g_array_sized_new (FALSE, FALSE, sizeof (gint64), rows->len);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      gint64 id = g_ascii_strtoll (row->values[0], NULL, 10);
      gint64 seconds = row->values[1] != NULL ? g_ascii_strtoll (row->values[1], NULL, 10) : 0;

      g_array_append_val (scans->ids, id);
      g_array_append_val (scans->seconds, seconds);
    }
  return TRUE;
}

/* Moves @one's last seen to the newest scan of @scans before it ended
 * (any, when open), when that is newer than the one its row names. */
static void
list_last_seen (const NumberingScans *scans,
                PrStoredCase         *one)
{
  guint lo = 0, hi = scans->ids->len;

  /* The first scan at or after the end. */
  while (one->ended_scan_id != 0 && lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (scans->ids, gint64, mid) < one->ended_scan_id)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (hi > 0 && g_array_index (scans->ids, gint64, hi - 1) > one->last_scan_id)
    {
      one->last_scan_id = g_array_index (scans->ids, gint64, hi - 1);
      one->last_seen_at = g_array_index (scans->seconds, gint64, hi - 1);
    }
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/**
 * pr_store_list_cases:
 * @store: a store
 * @table: a table of the connection's current database
 * @with_ended: %TRUE for the ended cases too; %FALSE for the open ones,
 *   those of the table's last scan with a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type PrStoredCase): the table's cases
 *   in number order; %NULL on error
 */
GPtrArray *
pr_store_list_cases (PrStore     *self,
                     const char  *table,
                     gboolean     with_ended,
                     GError     **error)
{
  g_auto(Loaded) loaded = { 0 };
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) cases = NULL;
  g_autoptr(GArray) scan_ids = NULL;
  g_autoptr(GArray) scan_seconds = NULL;
  NumberingScans scans = { NULL, NULL };
  const PrStoreKey *where;
  const char *params[2];

  g_return_val_if_fail (self != NULL, NULL);

  where = _pr_store_resolve (self, table, error);
  if (where == NULL || !load_cases (self, where->database, where->table, with_ended, &loaded, error))
    return NULL;

  params[0] = where->database;
  params[1] = where->table;
#define SECONDS(column) "TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', " column ")"
  sql = g_strdup_printf ("SELECT number, first_scan_id, " SECONDS ("first_seen_at") ", last_scan_id, "
                         SECONDS ("last_seen_at") ", ended_scan_id, " SECONDS ("ended_at") ", merged_into "
                         "FROM %s WHERE source_database = ? AND source_table = ?%s ORDER BY number",
                         self->q_cases, with_ended ? "" : " AND ended_scan_id IS NULL");
#undef SECONDS
  rows = _pr_connection_select (self->connection, sql, params, 2, error);
  if (rows == NULL || !list_numbering_scans (self, where, &scans, error))
    return NULL;
  scan_ids = scans.ids;
  scan_seconds = scans.seconds;

  cases = g_ptr_array_new_full (rows->len, (GDestroyNotify) pr_stored_case_free);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      PrStoredCase *one = g_new0 (PrStoredCase, 1);
      guint index;
      GPtrArray *members;

      g_ptr_array_add (cases, one);
      one->number = (guint32) g_ascii_strtoull (row->values[0], NULL, 10);
      index = GPOINTER_TO_UINT (g_hash_table_lookup (loaded.index_of, GUINT_TO_POINTER (one->number)));
      if (index == 0)
        {
          /* Ended between the two reads: a scan committed meanwhile. */
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
                       _("the cases of “%s” changed while they were read; read them again"), table);
          return NULL;
        }
      members = loaded.members->pdata[index - 1];
      one->primary_id = g_strdup (loaded.primaries->pdata[index - 1]);
      one->n_members = members->len;
      one->member_ids = g_new0 (char *, members->len + 1);
      for (guint m = 0; m < members->len; m++)
        one->member_ids[m] = g_strdup (members->pdata[m]);
      qsort (one->member_ids, members->len, sizeof (char *), compare_ids);
      one->first_scan_id = integer_or_zero (row->values[1]);
      one->first_seen_at = integer_or_zero (row->values[2]);
      one->last_scan_id = integer_or_zero (row->values[3]);
      one->last_seen_at = integer_or_zero (row->values[4]);
      one->ended_scan_id = integer_or_zero (row->values[5]);
      one->ended_at = integer_or_zero (row->values[6]);
      one->merged_into = (guint32) integer_or_zero (row->values[7]);
      list_last_seen (&scans, one);
    }
  return g_steal_pointer (&cases);
}

/**
 * pr_store_find_open_cases:
 * @store: a store
 * @table: a table of the connection's current database
 * @record_ids: (element-type utf8): records of @table
 * @error: return location for a #GError
 *
 * The open case each of a few records is a member of, read by the members'
 * record index: an intake check asks for the handful of records it found,
 * rather than reading every case of the table first.
 *
 * Returns: (transfer full) (element-type utf8 PrStoredCase): record id →
 *   its case (number, primary id and n_members only), for those in an
 *   open case;
 *   %NULL on error
 */
GHashTable *
pr_store_find_open_cases (PrStore     *self,
                          const char  *table,
                          GPtrArray   *record_ids,
                          GError     **error)
{
  g_autoptr(GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                      (GDestroyNotify) pr_stored_case_free);
  g_autofree const char **params = NULL;
  const PrStoreKey *where;

  g_return_val_if_fail (self != NULL && record_ids != NULL, NULL);

  where = _pr_store_resolve (self, table, error);
  if (where == NULL)
    return NULL;
  /* BATCH_ROWS ids a statement: a server takes at most 65,535
   * placeholders in one, and a campaign letter can match more records. */
  params = g_new (const char *, BATCH_ROWS + 2);
  params[0] = where->database;
  params[1] = where->table;
  for (guint start = 0; start < record_ids->len; start += BATCH_ROWS)
    {
      guint n = MIN (BATCH_ROWS, record_ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);
      g_autoptr(GPtrArray) rows = NULL;

      /* With how many members each case has now: the intake weighs a
       * petition against the whole case, as the scan's linkage does. */
      g_string_printf (sql, "SELECT m.record_id, c.number, c.primary_id, (SELECT COUNT(*) FROM %s o WHERE "
                       "o.source_database = c.source_database AND o.source_table = c.source_table AND "
                       "o.number = c.number AND o.left_scan_id IS NULL) FROM %s m JOIN %s c "
                       "USING (source_database, source_table, number) "
                       "WHERE m.source_database = ? AND m.source_table = ? AND m.left_scan_id IS NULL "
                       "AND c.ended_scan_id IS NULL AND m.record_id IN (",
                       self->q_case_members, self->q_case_members, self->q_cases);
      for (guint i = 0; i < n; i++)
        {
          g_string_append (sql, i == 0 ? "?" : ", ?");
          params[i + 2] = record_ids->pdata[start + i];
        }
      g_string_append_c (sql, ')');
      rows = _pr_connection_select (self->connection, sql->str, params, n + 2, error);
      if (rows == NULL)
        return NULL;
      for (guint i = 0; i < rows->len; i++)
        {
          PrDbRow *row = rows->pdata[i];
          PrStoredCase *one = g_new0 (PrStoredCase, 1);

          one->number = (guint32) g_ascii_strtoull (row->values[1], NULL, 10);
          one->primary_id = g_strdup (row->values[2]);
          one->n_members = (guint) g_ascii_strtoull (row->values[3], NULL, 10);
          g_hash_table_replace (found, g_strdup (row->values[0]), one);
        }
    }
  return g_steal_pointer (&found);
}
