/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Write-back of decisions into the source table, against a real,
 * throwaway MariaDB server: each verdict writes the configured columns and
 * logs their old values; undo restores them exactly (NULL and the empty
 * string kept apart) and refuses to overwrite someone else's change; a
 * missing record or column, a user without UPDATE, and write-back off all
 * leave the source as it was; two connections deciding on one record at
 * once lose no update; hostile identifiers and values.
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-connection-private.h"
#include "pr-statement-private.h"
#include "pr-store.h"
#include "pr-test-server.h"
#include "pr-write-back.h"

static const PrConnectionParams *server;

static PrConnection *
connect_as (const char *user,
            const char *password,
            const char *database)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (server);
  g_autoptr(GError) error = NULL;
  PrConnection *connection;

  if (user != NULL)
    {
      g_free (params->user);
      params->user = g_strdup (user);
      g_free (params->password);
      params->password = g_strdup (password);
    }
  g_free (params->database);
  params->database = g_strdup (database);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  return connection;
}

/* A fresh database with the petition table t: ids 12 (a primary), 17,
 * 18 and 19, with NULL and empty values in the columns written back. */
static PrConnection *
fresh_source (const char *name)
{
  g_autoptr(PrConnection) admin = connect_as (NULL, NULL, NULL);
  g_autofree char *q_name = pr_connection_quote_identifier (name);
  g_autofree char *drop = g_strdup_printf ("DROP DATABASE IF EXISTS %s", q_name);
  g_autofree char *create = g_strdup_printf ("CREATE DATABASE %s CHARACTER SET utf8mb4", q_name);
  PrConnection *connection;

  pr_test_execute (admin, drop);
  pr_test_execute (admin, create);
  connection = connect_as (NULL, NULL, name);
  pr_test_execute (connection, "CREATE TABLE t (id VARCHAR(20) PRIMARY KEY, repeat_of VARCHAR(20) NULL, "
                       "status VARCHAR(40) NULL, body TEXT) ENGINE=InnoDB");
  pr_test_execute (connection, "INSERT INTO t VALUES ('12', NULL, '待审', '路灯坏了'), "
                       "('17', NULL, '待审', '路灯坏了三个月'), ('18', '', NULL, '噪音扰民'), "
                       "('19', '5', '', '路灯坏了三个月没人修')");
  return connection;
}

static char *
table_checksum (PrConnection *connection,
                const char   *table)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  g_autofree char *sql = g_strdup_printf ("CHECKSUM TABLE %s EXTENDED", table);
  MYSQL_RES *result;
  MYSQL_ROW row;
  char *checksum;

  if (mysql_real_query (handle, sql, strlen (sql)) != 0)
    g_error ("%s: %s", sql, mysql_error (handle));
  result = mysql_store_result (handle);
  g_assert_nonnull (result);
  row = mysql_fetch_row (result);
  g_assert_nonnull (row);
  g_assert_nonnull (row[1]);
  checksum = g_strdup (row[1]);
  mysql_free_result (result);
  return checksum;
}

static char *
value_of (PrConnection *connection,
          const char   *column,
          const char   *id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT %s FROM t WHERE id = '%s'", column, id);

  return pr_test_query_value (connection, sql);
}

static void
assert_row (PrConnection *connection,
            const char   *id,
            const char   *repeat_of,
            const char   *status)
{
  g_autofree char *r = value_of (connection, "repeat_of", id);
  g_autofree char *s = value_of (connection, "status", id);

  g_assert_cmpstr (r, ==, repeat_of);
  g_assert_cmpstr (s, ==, status);
}

static PrDecision *
decision_new (const char *table,
              const char *record_id,
              const char *primary_id,
              PrVerdict   verdict,
              gint64      undoes)
{
  PrDecision *decision = g_new0 (PrDecision, 1);

  decision->table = g_strdup (table);
  decision->record_id = g_strdup (record_id);
  decision->primary_id = g_strdup (primary_id);
  decision->verdict = verdict;
  decision->reviewer = g_strdup ("李明");
  decision->undoes = undoes;
  return decision;
}

/* Decides with write-back; returns the id, 0 with @error set. */
static gint64
decide (PrStore           *store,
        const PrWriteBack *write_back,
        const char        *record_id,
        const char        *primary_id,
        PrVerdict          verdict,
        gint64             undoes,
        char             **old_values,
        GError           **error)
{
  g_autoptr(PrDecision) decision = decision_new (write_back->table, record_id, primary_id, verdict, undoes);
  gint64 id = pr_store_add_decision_written_back (store, decision, write_back, error);

  if (id != 0)
    g_assert_cmpint (decision->id, ==, id);
  if (old_values != NULL)
    *old_values = g_strdup (decision->old_values);
  return id;
}

static guint
count_decisions (PrStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = pr_store_list_decisions (store, NULL, &error);

  g_assert_no_error (error);
  return decisions->len;
}

static PrWriteBack *
standard_write_back (void)
{
  return pr_write_back_new ("t", "id", "repeat_of", "status", "重复", "不重复");
}

static void
test_verdicts (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_verdicts");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autofree char *json = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *body = NULL;
  g_autofree char *original = table_checksum (db, "t");
  gint64 repeat, not_repeat, merged, primary, undo;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  pr_store_check_write_back (store, write_back, &error);
  g_assert_no_error (error);

  repeat = decide (store, write_back, "17", "12", PR_VERDICT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":null,\"status\":\"待审\"},"
                             "\"new\":{\"repeat_of\":\"12\",\"status\":\"重复\"}}");
  assert_row (db, "17", "12", "重复");
  g_clear_pointer (&json, g_free);

  not_repeat = decide (store, write_back, "18", "12", PR_VERDICT_NOT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":\"\",\"status\":null},"
                             "\"new\":{\"repeat_of\":null,\"status\":\"不重复\"}}");
  assert_row (db, "18", NULL, "不重复");
  g_clear_pointer (&json, g_free);

  merged = decide (store, write_back, "19", "12", PR_VERDICT_MERGED, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":\"5\",\"status\":\"\"},"
                             "\"new\":{\"repeat_of\":\"12\",\"status\":\"重复\"}}");
  assert_row (db, "19", "12", "重复");
  g_clear_pointer (&json, g_free);

  /* Only the configured columns. */
  body = value_of (db, "body", "19");
  g_assert_cmpstr (body, ==, "路灯坏了三个月没人修");

  /* A primary leaves the source alone. */
  before = table_checksum (db, "t");
  primary = decide (store, write_back, "12", NULL, PR_VERDICT_PRIMARY, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_null (json);
  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);

  /* The log has the old values. */
  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 4);
  g_assert_cmpint (((PrDecision *) decisions->pdata[0])->id, ==, repeat);
  g_assert_nonnull (strstr (((PrDecision *) decisions->pdata[0])->old_values, "\"old\":{\"repeat_of\":null"));
  g_assert_cmpint (((PrDecision *) decisions->pdata[3])->id, ==, primary);
  g_assert_null (((PrDecision *) decisions->pdata[3])->old_values);

  /* Undo restores exactly, NULL and '' apart. */
  undo = decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, not_repeat, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpint (undo, >, primary);
  assert_row (db, "18", "", NULL);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":null,\"status\":\"不重复\"},"
                             "\"new\":{\"repeat_of\":\"\",\"status\":null}}");
  g_clear_pointer (&json, g_free);

  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, repeat, NULL, &error);
  g_assert_no_error (error);
  assert_row (db, "17", NULL, "待审");
  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, merged, NULL, &error);
  g_assert_no_error (error);
  assert_row (db, "19", "5", "");

  /* Every row as it was at the start. */
  g_clear_pointer (&after, g_free);
  after = table_checksum (db, "t");
  g_assert_cmpstr (original, ==, after);

  /* An undo of what wrote nothing is the log's alone. */
  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, primary, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = table_checksum (db, "t");
  g_assert_cmpstr (original, ==, after);

  /* Twice, or an undo's undo: refused, nothing written. */
  g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, repeat, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "already undone"));
  g_clear_error (&error);
  g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, undo, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);
  g_assert_cmpuint (count_decisions (store), ==, 8);
  g_clear_pointer (&after, g_free);
  after = table_checksum (db, "t");
  g_assert_cmpstr (original, ==, after);

  /* A repeat needs a primary other than itself. */
  g_assert_cmpint (decide (store, write_back, "17", NULL, PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);
  g_assert_cmpint (decide (store, write_back, "17", "17", PR_VERDICT_MERGED, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);
  g_assert_cmpuint (count_decisions (store), ==, 8);
}

/* Only one of the columns, in a store of its own schema. */
static void
test_one_column (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_one");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) status_only = pr_write_back_new ("t", "id", NULL, "status", "重复", "");
  g_autoptr(PrWriteBack) repeat_only = pr_write_back_new ("t", "id", "repeat_of", NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  gint64 id;

  pr_test_execute (db, "CREATE DATABASE IF NOT EXISTS wb_one_store");
  store = pr_store_open (db, "wb_one_store", &error);
  g_assert_no_error (error);

  id = decide (store, status_only, "18", "12", PR_VERDICT_NOT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"status\":null},\"new\":{\"status\":\"\"}}");
  assert_row (db, "18", "", "");
  g_clear_pointer (&json, g_free);
  decide (store, repeat_only, "17", "12", PR_VERDICT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":null},\"new\":{\"repeat_of\":\"12\"}}");
  assert_row (db, "17", "12", "待审");

  /* The undo restores what the decision wrote, whatever is set up now. */
  decide (store, repeat_only, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error);
  g_assert_no_error (error);
  assert_row (db, "18", "", NULL);
}

static void
test_undo_conflict (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_conflict");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 first, second;
  guint n;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  /* Someone edits the row after the decision: the undo is refused. */
  first = decide (store, write_back, "17", "12", PR_VERDICT_REPEAT, 0, NULL, &error);
  g_assert_no_error (error);
  pr_test_execute (db, "UPDATE t SET status = '人工改过' WHERE id = '17'");
  before = table_checksum (db, "t");
  n = count_decisions (store);
  g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, first, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“status”"));
  g_assert_nonnull (strstr (error->message, "人工改过"));
  g_clear_error (&error);
  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (count_decisions (store), ==, n);
  assert_row (db, "17", "12", "人工改过");

  /* A NULL written over by '' is a change too. */
  first = decide (store, write_back, "18", "12", PR_VERDICT_NOT_REPEAT, 0, NULL, &error);
  g_assert_no_error (error);
  pr_test_execute (db, "UPDATE t SET repeat_of = '' WHERE id = '18'");
  g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, first, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT);
  g_clear_error (&error);
  assert_row (db, "18", "", "不重复");

  /* A later decision wrote the same values: undoing the first would
   * pull them from under it. Undone in reverse order, both go. */
  first = decide (store, write_back, "19", "12", PR_VERDICT_REPEAT, 0, NULL, &error);
  g_assert_no_error (error);
  second = decide (store, write_back, "19", "12", PR_VERDICT_REPEAT, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, first, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  assert_row (db, "19", "12", "重复");
  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, second, NULL, &error);
  g_assert_no_error (error);
  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, first, NULL, &error);
  g_assert_no_error (error);
  assert_row (db, "19", "5", "");
}

static void
test_missing (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_missing");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(PrWriteBack) no_column = pr_write_back_new ("t", "id", "repeat_of", "zhuangtai", "重复", "不重复");
  g_autoptr(PrWriteBack) no_table = pr_write_back_new ("nope", "id", "repeat_of", NULL, NULL, NULL);
  g_autoptr(PrWriteBack) nothing = pr_write_back_new ("t", "id", NULL, NULL, NULL, NULL);
  g_autoptr(PrWriteBack) no_status = pr_write_back_new ("t", "id", NULL, "status", "重复", NULL);
  g_autoptr(PrWriteBack) twice = pr_write_back_new ("t", "id", "status", "status", "a", "b");
  g_autoptr(PrWriteBack) the_id = pr_write_back_new ("t", "id", "id", NULL, NULL, NULL);
  g_autoptr(PrDecision) other_table = decision_new ("u", "17", "12", PR_VERDICT_REPEAT, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const PrWriteBack *incomplete[] = { nothing, no_status, twice, the_id };

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  before = table_checksum (db, "t");

  g_assert_cmpint (decide (store, write_back, "999", "12", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“999”"));
  g_clear_error (&error);

  /* Not the same id in the column's collation, nor with spaces. */
  g_assert_cmpint (decide (store, write_back, "17 ", "12", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  g_assert_false (pr_store_check_write_back (store, no_column, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“zhuangtai”"));
  g_clear_error (&error);
  g_assert_cmpint (decide (store, no_column, "17", "12", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_assert_nonnull (strstr (error->message, "“zhuangtai”"));
  g_clear_error (&error);
  g_assert_false (pr_store_check_write_back (store, no_table, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_assert_nonnull (strstr (error->message, "“nope”"));
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (incomplete); i++)
    {
      g_assert_false (pr_store_check_write_back (store, incomplete[i], &error));
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      g_assert_cmpint (decide (store, incomplete[i], "17", "12", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
      g_clear_error (&error);
    }

  g_assert_cmpint (pr_store_add_decision_written_back (store, other_table, write_back, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  /* A value that could not be restored exactly. */
  pr_test_execute (db, "UPDATE t SET status = CONCAT('a', CHAR(0), 'b') WHERE id = '18'");
  g_clear_pointer (&before, g_free);
  before = table_checksum (db, "t");
  g_assert_cmpint (decide (store, write_back, "18", "12", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (count_decisions (store), ==, 0);
}

/* A numeric id and repeat_of: "012" is stored as 12, and the undo's check
 * compares with what the server stored, not with what was sent. */
static void
test_numeric (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_numeric");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = pr_write_back_new ("n", "id", "repeat_of", NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *value = NULL;
  gint64 id;

  pr_test_execute (db, "CREATE TABLE n (id INT PRIMARY KEY, repeat_of INT NULL)");
  pr_test_execute (db, "INSERT INTO n VALUES (12, NULL), (17, 3)");
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  /* "17abc" would convert to 17: it is not that record. */
  g_assert_cmpint (decide (store, write_back, "17abc", "012", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  id = decide (store, write_back, "17", "012", PR_VERDICT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":\"3\"},\"new\":{\"repeat_of\":\"12\"}}");
  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error);
  g_assert_no_error (error);
  value = pr_test_query_value (db, "SELECT repeat_of FROM n WHERE id = 17");
  g_assert_cmpstr (value, ==, "3");
}

static void
test_write_back_off (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_off");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  static const PrVerdict verdicts[] = { PR_VERDICT_REPEAT, PR_VERDICT_NOT_REPEAT, PR_VERDICT_MERGED, PR_VERDICT_PRIMARY };
  gint64 first = 0;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  before = table_checksum (db, "t");

  for (guint i = 0; i < G_N_ELEMENTS (verdicts); i++)
    {
      g_autoptr(PrDecision) decision = decision_new ("t", "17", "12", verdicts[i], 0);
      gint64 id = i % 2 == 0 ? pr_store_add_decision (store, decision, &error)
                             : pr_store_add_decision_written_back (store, decision, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (id, >, 0);
      g_assert_null (decision->old_values);
      if (first == 0)
        first = id;
    }
  {
    g_autoptr(PrDecision) undo = decision_new ("t", NULL, NULL, PR_VERDICT_UNDO, first);

    pr_store_add_decision (store, undo, &error);
    g_assert_no_error (error);
  }

  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);
  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 5);
  for (guint i = 0; i < decisions->len; i++)
    g_assert_null (((PrDecision *) decisions->pdata[i])->old_values);
}

static void
test_read_only_user (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_src_ro");
  g_autoptr(PrConnection) reader = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(PrDecision) plain = decision_new ("t", "17", "12", PR_VERDICT_REPEAT, 0);
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *count = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS wb_store_ro");
  pr_test_execute (db, "CREATE DATABASE wb_store_ro");
  pr_test_execute (db, "DROP USER IF EXISTS 'wb_reader'@'localhost'");
  pr_test_execute (db, "CREATE USER 'wb_reader'@'localhost' IDENTIFIED BY 'secret'");
  pr_test_execute (db, "GRANT SELECT ON wb_src_ro.* TO 'wb_reader'@'localhost'");
  pr_test_execute (db, "GRANT ALL ON wb_store_ro.* TO 'wb_reader'@'localhost'");
  before = table_checksum (db, "t");

  reader = connect_as ("wb_reader", "secret", "wb_src_ro");
  store = pr_store_open (reader, "wb_store_ro", &error);
  g_assert_no_error (error);

  /* What a scan reads, it may read. */
  columns = pr_catalog_list_columns (reader, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (columns->len, ==, 4);
  count = pr_test_query_value (reader, "SELECT COUNT(*) FROM t WHERE body LIKE '%路灯%'");
  g_assert_cmpstr (count, ==, "3");
  /* Switching write-back on says so at once: the server itself is asked,
   * and nothing is written. */
  g_assert_false (pr_store_check_write_back (store, write_back, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
  g_assert_nonnull (strstr (error->message, "UPDATE privilege"));
  g_assert_nonnull (strstr (error->message, "“wb_src_ro”.“t”"));
  pr_test_assert_server_words_last (error->message);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* A privilege taken away after that: each decision refused, nothing
   * written, nothing recorded. */
  for (PrVerdict verdict = PR_VERDICT_REPEAT; verdict <= PR_VERDICT_MERGED; verdict++)
    {
      g_assert_cmpint (decide (store, write_back, "17", "12", verdict, 0, NULL, &error), ==, 0);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "UPDATE privilege"));
      g_assert_nonnull (strstr (error->message, "“wb_src_ro”.“t”"));
      g_assert_nonnull (strstr (error->message, "not recorded"));
      pr_test_assert_server_words_last (error->message);
      g_clear_error (&error);
    }
  g_assert_cmpuint (count_decisions (store), ==, 0);
  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);

  /* What the UI offers then: the decision without write-back. */
  pr_store_add_decision (store, plain, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_decisions (store), ==, 1);
  g_clear_pointer (&after, g_free);
  after = table_checksum (db, "t");
  g_assert_cmpstr (before, ==, after);
}

/* ---- two reviewers on one record at once ---- */

#define ROUNDS 100

typedef struct {
  const char *name;
  GArray     *ids;
  GError     *error;
} Reviewer;

static gpointer
review_thread (gpointer data)
{
  Reviewer *reviewer = data;
  g_autoptr(PrConnection) connection = connect_as (NULL, NULL, "wb_conc");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();

  store = pr_store_open (connection, NULL, &reviewer->error);
  if (store == NULL)
    return NULL;
  for (guint i = 0; i < ROUNDS; i++)
    {
      g_autoptr(PrDecision) decision =
        decision_new ("t", "17", "12", i % 2 == 0 ? PR_VERDICT_REPEAT : PR_VERDICT_NOT_REPEAT, 0);
      gint64 id;

      decision->note = g_strdup (reviewer->name);
      id = pr_store_add_decision_written_back (store, decision, write_back, &reviewer->error);
      if (id == 0)
        return NULL;
      g_array_append_val (reviewer->ids, id);
    }
  return NULL;
}

static void
test_concurrent (void)
{
  static const char repeat_new[] = "{\"repeat_of\":\"12\",\"status\":\"重复\"}";
  static const char not_repeat_new[] = "{\"repeat_of\":null,\"status\":\"不重复\"}";
  g_autoptr(PrConnection) db = fresh_source ("wb_conc");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autofree char *previous = g_strdup ("{\"repeat_of\":null,\"status\":\"待审\"}");
  Reviewer reviewers[2] = {
    { "甲", g_array_new (FALSE, FALSE, sizeof (gint64)), NULL },
    { "乙", g_array_new (FALSE, FALSE, sizeof (gint64)), NULL },
  };
  GThread *threads[2];
  guint seen[2] = { 0, 0 };
  guint switches = 0;
  PrDecision *last;

  /* Made once before, so that the threads race on decisions only. */
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  for (guint t = 0; t < 2; t++)
    threads[t] = g_thread_new ("reviewer", review_thread, &reviewers[t]);
  for (guint t = 0; t < 2; t++)
    g_thread_join (threads[t]);
  for (guint t = 0; t < 2; t++)
    {
      g_assert_no_error (reviewers[t].error);
      g_assert_cmpuint (reviewers[t].ids->len, ==, ROUNDS);
    }

  /* Every decision logged; each one's old values are exactly what the one
   * before it (in the log's order) wrote: no write was lost or reordered. */
  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 2 * ROUNDS);
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *d = decisions->pdata[i];
      const char *written = d->verdict == PR_VERDICT_REPEAT ? repeat_new : not_repeat_new;
      g_autofree char *expected = g_strdup_printf ("{\"old\":%s,\"new\":%s}", previous, written);
      guint t = strcmp (d->note, "甲") == 0 ? 0 : 1;

      g_assert_cmpstr (d->old_values, ==, expected);
      /* Each reviewer's decisions in the order they were made. */
      g_assert_cmpint (g_array_index (reviewers[t].ids, gint64, seen[t]), ==, d->id);
      g_assert_cmpint (d->verdict, ==, seen[t] % 2 == 0 ? PR_VERDICT_REPEAT : PR_VERDICT_NOT_REPEAT);
      seen[t]++;
      if (i > 0 && strcmp (d->note, ((PrDecision *) decisions->pdata[i - 1])->note) != 0)
        switches++;
      g_free (previous);
      previous = g_strdup (written);
    }

  g_test_message ("the log switches between the two reviewers %u times", switches);

  /* The row holds what the last logged decision wrote. */
  last = decisions->pdata[decisions->len - 1];
  if (last->verdict == PR_VERDICT_REPEAT)
    assert_row (db, "17", "12", "重复");
  else
    assert_row (db, "17", NULL, "不重复");

  for (guint t = 0; t < 2; t++)
    g_array_unref (reviewers[t].ids);
}

static void
test_hostile (void)
{
  static const char database[] = "wb`db'\"中文 库";
  static const char table[] = "信访`表\"'x";
  static const char old_status[] = "旧\"状态\\\n\t\x01 😀 '`";
  g_autoptr(PrConnection) admin = connect_as (NULL, NULL, NULL);
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back =
    pr_write_back_new (table, "编号`id", "重复`of\"'", "状态 \"st\" `x`", "重复\"\\/\r", "");
  g_autoptr(GError) error = NULL;
  g_autofree char *q_database = pr_connection_quote_identifier (database);
  g_autofree char *sql = NULL;
  g_autofree char *json = NULL;
  g_autofree char *status = NULL;
  g_autofree char *repeat_of = NULL;
  MYSQL_BIND params[2];
  unsigned long lengths[2];
  MYSQL_STMT *stmt;
  gint64 id;

  sql = g_strdup_printf ("DROP DATABASE IF EXISTS %s", q_database);
  pr_test_execute (admin, sql);
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("CREATE DATABASE %s CHARACTER SET utf8mb4", q_database);
  pr_test_execute (admin, sql);
  db = connect_as (NULL, NULL, database);
  pr_test_execute (db, "CREATE TABLE `信访``表\"'x` (`编号``id` VARCHAR(20) PRIMARY KEY, "
               "`重复``of\"'` VARCHAR(20) NULL, `状态 \"st\" ``x``` TEXT NULL)");

  /* The old status through a prepared statement: it has every character
   * the JSON escaper must handle. */
  stmt = mysql_stmt_init (_pr_connection_get_handle (db));
  g_clear_pointer (&sql, g_free);
  sql = g_strdup ("INSERT INTO `信访``表\"'x` VALUES (?, NULL, ?), ('主-1', NULL, NULL)");
  g_assert_cmpint (mysql_stmt_prepare (stmt, sql, strlen (sql)), ==, 0);
  memset (params, 0, sizeof params);
  lengths[0] = strlen ("编号`2'");
  params[0].buffer_type = MYSQL_TYPE_STRING;
  params[0].buffer = (char *) "编号`2'";
  params[0].buffer_length = lengths[0];
  params[0].length = &lengths[0];
  lengths[1] = strlen (old_status);
  params[1].buffer_type = MYSQL_TYPE_STRING;
  params[1].buffer = (char *) old_status;
  params[1].buffer_length = lengths[1];
  params[1].length = &lengths[1];
  g_assert_cmpint (mysql_stmt_bind_param (stmt, params), ==, 0);
  g_assert_cmpint (mysql_stmt_execute (stmt), ==, 0);
  mysql_stmt_close (stmt);

  pr_test_execute (db, "CREATE DATABASE IF NOT EXISTS `p``r\"s'中文 store`");
  store = pr_store_open (db, "p`r\"s'中文 store", &error);
  g_assert_no_error (error);
  pr_store_check_write_back (store, write_back, &error);
  g_assert_no_error (error);

  id = decide (store, write_back, "编号`2'", "主-1", PR_VERDICT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==,
                   "{\"old\":{\"重复`of\\\"'\":null,\"状态 \\\"st\\\" `x`\":\"旧\\\"状态\\\\\\n\\t\\u0001 😀 '`\"},"
                   "\"new\":{\"重复`of\\\"'\":\"主-1\",\"状态 \\\"st\\\" `x`\":\"重复\\\"\\\\/\\r\"}}");
  status = pr_test_query_value (db, "SELECT `状态 \"st\" ``x``` FROM `信访``表\"'x` WHERE `编号``id` = '编号`2'''");
  g_assert_cmpstr (status, ==, "重复\"\\/\r");
  g_clear_pointer (&status, g_free);

  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error);
  g_assert_no_error (error);
  status = pr_test_query_value (db, "SELECT `状态 \"st\" ``x``` FROM `信访``表\"'x` WHERE `编号``id` = '编号`2'''");
  g_assert_cmpstr (status, ==, old_status);
  repeat_of = pr_test_query_value (db, "SELECT `重复``of\"'` FROM `信访``表\"'x` WHERE `编号``id` = '编号`2'''");
  g_assert_null (repeat_of);
}

/* The whole of z, as the server writes it (CONCAT_WS makes the text on
 * the server, whatever protocol carries it): id|repeat_of|status;… */
static char *
zerofill_rows (PrConnection *db)
{
  return pr_test_query_value (db, "SELECT GROUP_CONCAT(CONCAT_WS('|', id, IFNULL(repeat_of, 'NULL'), "
                                  "IFNULL(status, 'NULL')) ORDER BY id SEPARATOR ';') FROM z");
}

/* A ZEROFILL id is the text the server writes, 00000008, as a scan read
 * it: write-back finds that record by it and writes that row only. */
static void
test_zerofill (void)
{
  g_autoptr(PrConnection) db = fresh_source ("wb_zerofill");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = pr_write_back_new ("z", "id", "repeat_of", "status", "重复", "不重复");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  g_autofree char *json = NULL;
  g_autofree char *rows = NULL;
  gint64 id;

  pr_test_execute (db, "CREATE TABLE z (id INT(8) UNSIGNED ZEROFILL PRIMARY KEY, repeat_of VARCHAR(20) NULL, "
                       "status VARCHAR(40) NULL) ENGINE=InnoDB");
  pr_test_execute (db, "INSERT INTO z VALUES (1, NULL, '待审'), (8, NULL, '待审'), (9, NULL, '待审')");
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  pr_store_check_write_back (store, write_back, &error);
  g_assert_no_error (error);

  /* Write-back off: the decision is recorded, the table not touched. */
  {
    g_autoptr(PrDecision) decision = decision_new ("z", "00000008", "00000001", PR_VERDICT_REPEAT, 0);

    g_assert_cmpint (pr_store_add_decision_written_back (store, decision, NULL, &error), >, 0);
    g_assert_no_error (error);
  }
  rows = zerofill_rows (db);
  g_assert_cmpstr (rows, ==, "00000001|NULL|待审;00000008|NULL|待审;00000009|NULL|待审");
  g_clear_pointer (&rows, g_free);

  /* "8" is not the id a scan read; the server would convert it. */
  g_assert_cmpint (decide (store, write_back, "8", "00000001", PR_VERDICT_REPEAT, 0, NULL, &error), ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  id = decide (store, write_back, "00000008", "00000001", PR_VERDICT_REPEAT, 0, &json, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpstr (json, ==, "{\"old\":{\"repeat_of\":null,\"status\":\"待审\"},"
                             "\"new\":{\"repeat_of\":\"00000001\",\"status\":\"重复\"}}");
  rows = zerofill_rows (db);
  g_assert_cmpstr (rows, ==, "00000001|NULL|待审;00000008|00000001|重复;00000009|NULL|待审");
  g_clear_pointer (&rows, g_free);

  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error);
  g_assert_no_error (error);
  rows = zerofill_rows (db);
  g_assert_cmpstr (rows, ==, "00000001|NULL|待审;00000008|NULL|待审;00000009|NULL|待审");
  g_clear_pointer (&rows, g_free);

  /* A batch locks its rows first, by the same ids. */
  g_ptr_array_add (batch, decision_new ("z", "00000009", "00000001", PR_VERDICT_MERGED, 0));
  g_ptr_array_add (batch, decision_new ("z", "00000008", "00000001", PR_VERDICT_NOT_REPEAT, 0));
  g_assert_true (pr_store_add_decisions_written_back (store, batch, write_back, &error));
  g_assert_no_error (error);
  rows = zerofill_rows (db);
  g_assert_cmpstr (rows, ==, "00000001|NULL|待审;00000008|NULL|不重复;00000009|00000001|重复");
}

/* Logs a written-back decision on the record 17 of t as an earlier
 * Petition Review did, with @old_values as its writer wrote them; the
 * row holds what the decision wrote. Returns its id. */
static gint64
log_old_decision (PrConnection *db,
                  const char   *old_values)
{
  MYSQL_BIND params[1];
  unsigned long length;
  gint64 id = 0;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "UPDATE t SET repeat_of = '12', status = '重复' WHERE id = '17'");
  _pr_statement_bind_string (&params[0], old_values, &length);
  _pr_statement_run (db, "INSERT INTO pr_decisions (source_database, source_table, record_id, primary_id, verdict, "
                     "reviewer, decided_at, old_values) VALUES (DATABASE(), 't', '17', '12', 'repeat', '李明', "
                     "UTC_TIMESTAMP(6), ?)",
                     params, NULL, &id, "log", &error);
  g_assert_no_error (error);
  return id;
}

/* A row of the log written before json-glib, with every kind of escape
 * its writer made, is undone to exactly the values it kept. The JSON is
 * that writer's output for them, by hand. */
static void
test_old_log_rows (void)
{
  static const char old_status[] = "旧\"\\/\x01\x1f\b\t\x7f 😀 \xe2\x80\xa8'`";
  g_autoptr(PrConnection) db = fresh_source ("wb_old_log");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(GError) error = NULL;
  gint64 id;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  id = log_old_decision (db, "{\"old\":{\"repeat_of\":null,\"status\":\"旧\\\"\\\\/\\u0001\\u001f\\u0008\\t\x7f 😀 "
                             "\xe2\x80\xa8'`\"},\"new\":{\"repeat_of\":\"12\",\"status\":\"重复\"}}");

  decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error);
  g_assert_no_error (error);
  assert_row (db, "17", NULL, old_status);
}

/* A damaged row of the log is refused with a message saying so, and
 * nothing is written or logged. json-glib alone would have read each of
 * these as something else: the last of two names, a string cut at the
 * NUL, an unknown escape as its letter. */
static void
test_damaged_log_row (void)
{
  static const char *const damaged[] = {
    "{\"old\":{\"status\":\"甲\",\"status\":\"乙\"},\"new\":{\"status\":\"重复\",\"status\":\"重复\"}}",
    "{\"old\":{\"status\":\"甲\\u0000乙\"},\"new\":{\"status\":\"重复\"}}",
    "{\"old\":{\"status\":\"\\x41\"},\"new\":{\"status\":\"重复\"}}",
    "{\"old\":{\"status\":\"甲\"},\"new\":{\"status\":\"重复\"}",
  };
  g_autoptr(PrConnection) db = fresh_source ("wb_damaged_log");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrWriteBack) write_back = standard_write_back ();
  g_autoptr(GError) error = NULL;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      gint64 id = log_old_decision (db, damaged[i]);
      g_autofree char *before = table_checksum (db, "t");
      g_autofree char *after = NULL;
      g_autofree char *expected = g_strdup_printf ("decision %" G_GINT64_FORMAT " has damaged old values", id);
      guint n = count_decisions (store);

      g_assert_cmpint (decide (store, write_back, NULL, NULL, PR_VERDICT_UNDO, id, NULL, &error), ==, 0);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, expected));
      g_clear_error (&error);
      after = table_checksum (db, "t");
      g_assert_cmpstr (before, ==, after);
      g_assert_cmpuint (count_decisions (store), ==, n);
      assert_row (db, "17", "12", "重复");
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/write-back/verdicts", test_verdicts);
  g_test_add_func ("/db/write-back/one-column", test_one_column);
  g_test_add_func ("/db/write-back/undo-conflict", test_undo_conflict);
  g_test_add_func ("/db/write-back/missing", test_missing);
  g_test_add_func ("/db/write-back/numeric", test_numeric);
  g_test_add_func ("/db/write-back/zerofill", test_zerofill);
  g_test_add_func ("/db/write-back/off", test_write_back_off);
  g_test_add_func ("/db/write-back/read-only-user", test_read_only_user);
  g_test_add_func ("/db/write-back/concurrent", test_concurrent);
  g_test_add_func ("/db/write-back/hostile", test_hostile);
  g_test_add_func ("/db/write-back/old-log-rows", test_old_log_rows);
  g_test_add_func ("/db/write-back/damaged-log-row", test_damaged_log_row);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
