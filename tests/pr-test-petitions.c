/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Petition tables for the db tests: (id INT, body TEXT) rows of
 * random-looking Chinese text, different for every seed, so that two
 * records are repeats exactly when the test makes one a copy of the other.
 */
#define G_LOG_DOMAIN "pr-test-petitions"

#include "config.h"

#include <string.h>

#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

/**
 * pr_test_admin_query:
 * @params: the throwaway server's admin parameters
 * @sql: a query giving one row
 *
 * Returns: (transfer full) (nullable): the first column of its row, on a
 *   connection of its own
 */
char *
pr_test_admin_query (const PrConnectionParams *params,
                     const char               *sql)
{
  g_autoptr(PrConnection) root = pr_test_connect (params, NULL);

  return pr_test_query_value (root, sql);
}

/* Common characters (each in GB2312's first level), so that the text is
 * not refused as mis-decoded, as text of rare characters is. */
static const char common_han[] = "的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能对着事其里所去行过家十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前面又定见只主没公从知使点业本把性女理化现机动两长民样手实表间加平开量题文提义外相最新关区全解门意通高系光线内物目问力部气车路制色级科水利东体海";

/**
 * pr_test_petition_body:
 * @seed: which text
 *
 * Returns: (transfer full): 60 common Chinese characters, the same for the
 *   same seed
 */
char *
pr_test_petition_body (guint seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 2654435761u + 1);
  glong n_common = g_utf8_strlen (common_han, -1);
  GString *body = g_string_new (NULL);

  for (guint i = 0; i < 60; i++)
    g_string_append_unichar (body, g_utf8_get_char (g_utf8_offset_to_pointer (common_han,
                                                                              g_rand_int_range (rand, 0, n_common))));
  return g_string_free (body, FALSE);
}

/**
 * pr_test_add_petition:
 * @connection: a connection
 * @table: a table (id INT, body TEXT), qualified as the test likes
 * @id: the new row's id
 * @body: its text (no quotes in it)
 */
void
pr_test_add_petition (PrConnection *connection,
                      const char   *table,
                      guint         id,
                      const char   *body)
{
  g_autofree char *sql = g_strdup_printf ("INSERT INTO %s (id, body) VALUES (%u, '%s')", table, id, body);

  pr_test_execute (connection, sql);
}

/**
 * pr_test_add_petitions:
 * @connection: a connection
 * @table: as for pr_test_add_petition()
 * @first_id: the first row's id
 * @n: how many rows, ids @first_id on
 * @seed: the first row's body's seed; the next rows' follow
 */
void
pr_test_add_petitions (PrConnection *connection,
                       const char   *table,
                       guint         first_id,
                       guint         n,
                       guint         seed)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *body = pr_test_petition_body (seed + i);

      pr_test_add_petition (connection, table, first_id + i, body);
    }
}

/**
 * pr_test_add_petition_groups:
 * @connection: a connection
 * @table: as for pr_test_add_petition()
 * @n_groups: how many groups
 * @group_size: records a group
 *
 * Adds @n_groups × @group_size rows, ids 1 on, in one statement: the
 * records of a group are copies of one letter (seeds 1 on), so that each
 * group's records share their passages, pairwise, and no others.
 */
void
pr_test_add_petition_groups (PrConnection *connection,
                             const char   *table,
                             guint         n_groups,
                             guint         group_size)
{
  g_autoptr(GString) sql = g_string_new (NULL);

  g_string_printf (sql, "INSERT INTO %s (id, body) VALUES ", table);
  for (guint g = 0; g < n_groups; g++)
    {
      g_autofree char *body = pr_test_petition_body (g + 1);

      for (guint i = 0; i < group_size; i++)
        g_string_append_printf (sql, "%s(%u, '%s')", g == 0 && i == 0 ? "" : ", ", g * group_size + i + 1, body);
    }
  pr_test_execute (connection, sql->str);
}

/**
 * pr_test_cluster_of:
 * @path: a scan's --out file (cluster,id,…)
 * @id: a record's id
 *
 * Returns: (transfer full): the cluster number of @id, or "" if in none
 */
char *
pr_test_cluster_of (const char *path,
                    const char *id)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 3);

      if (fields[0] != NULL && fields[1] != NULL && strcmp (fields[1], id) == 0)
        return g_strdup (fields[0]);
    }
  return g_strdup ("");
}

/**
 * pr_test_run_cli_va:
 * @out: (inout) (optional): as pr_test_run_cli(); what it held before
 *   (%NULL or an earlier run's output) is freed
 * @err: (inout) (optional): the same for standard error
 * @first: the first argument, then the others, up to %NULL
 *
 * Returns: the CLI's exit status
 */
int
pr_test_run_cli_va (char       **out,
                    char       **err,
                    const char  *first,
                    ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  int status;

  if (out != NULL)
    g_clear_pointer (out, g_free);
  if (err != NULL)
    g_clear_pointer (err, g_free);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  status = pr_test_run_cli (out, err, (const char *const *) args->pdata);
  if (err != NULL)
    g_test_message ("petition-review-cli %s: %d\n%s", first, status, *err);
  return status;
}

/* The sample table's mapping as the application's scans map it: id,
 * date, petitioner (who it is), subject and body. */
PrMapping *
pr_test_sample_mapping (void)
{
  PrMapping *map = pr_mapping_new ();

  pr_mapping_add (map, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (map, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL);
  pr_mapping_add (map, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL);
  pr_mapping_set_petitioner (map, "petitioner", NULL);
  pr_mapping_add (map, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL);
  pr_mapping_add (map, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  return map;
}

/**
 * pr_test_scan_sample:
 * @db: a connection to a database with the sample's table petitions
 * @store: (nullable): the application's tables
 *
 * A scan of the sample table as the application runs it (k = 3, parts),
 * the store's verdicts as constraints.
 *
 * Returns: (transfer full): its result
 */
PrScanResult *
pr_test_scan_sample (PrConnection *db,
                     PrStore      *store)
{
  g_autoptr(PrMapping) map = pr_test_sample_mapping ();
  g_autoptr(GError) error = NULL;
  PrLoadOptions load = { 0 };
  PrScanResult *result;

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  result = pr_scan_run (db, store, "petitions", NULL, map, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT,
                        NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  /* Matched and stored, the parts are freed (the graphs and regroupings
   * after use the pairs found); a rescan of the same records takes the
   * pairs from the store and matches none. */
  g_assert_null (result->set->parts);
  g_assert_true (result->n_parts > 0 || result->part_pairs_taken);
  return result;
}

/* Logs a reviewer's verdict on @record_id against @primary_id of petitions,
 * signed "test", in @store. */
void
pr_test_add_decision (PrStore    *store,
                      const char *table,
                      const char *record_id,
                      const char *primary_id,
                      PrVerdict   verdict)
{
  PrDecision decision = { 0 };
  g_autoptr(GError) error = NULL;

  decision.table = (char *) table;
  decision.record_id = (char *) record_id;
  decision.primary_id = (char *) primary_id;
  decision.verdict = verdict;
  decision.reviewer = (char *) "test";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
}
