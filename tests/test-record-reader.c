/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reading petition tables from a real, throwaway MariaDB server.
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-connection.h"
#include "pr-fingerprinter.h"
#include "pr-record-reader.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

static PrConnection *
connect_to (const char *database)
{
  return pr_test_connect (server, database);
}

static PrConnection *
fresh_database (const char *name)
{
  g_autoptr(PrConnection) admin = connect_to (NULL);
  g_autofree char *drop = g_strdup_printf ("DROP DATABASE IF EXISTS `%s`", name);
  g_autofree char *create = g_strdup_printf ("CREATE DATABASE `%s` CHARACTER SET utf8mb4", name);

  pr_test_execute (admin, drop);
  pr_test_execute (admin, create);

  return connect_to (name);
}

static PrLoadOptions
load_options (void)
{
  PrLoadOptions options = { 0 };

  options.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  options.min_tokens = PR_DEFAULT_MIN_TOKENS;
  options.n_threads = 2;

  return options;
}

static const char *
role_of (PrMapping  *mapping,
         const char *name)
{
  for (guint i = 0; i < pr_mapping_get_n_columns (mapping); i++)
    if (g_str_equal (pr_mapping_get_column (mapping, i)->name, name))
      return pr_column_role_to_string (pr_mapping_get_column (mapping, i)->role);
  return NULL;
}

static void
test_guess_mapping (void)
{
  g_autoptr(PrConnection) db = fresh_database ("guess");
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "CREATE TABLE letters (no BIGINT PRIMARY KEY, 姓名 VARCHAR(32), phone CHAR(20), "
               "主题 VARCHAR(200), body MEDIUMTEXT, note VARCHAR(1000), received DATETIME, "
               "updated TIMESTAMP NULL, amount DECIMAL(10,2), photo BLOB, kind ENUM('a','b'))");
  columns = pr_catalog_list_columns (db, "letters", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (columns->len, ==, 11);
  mapping = pr_catalog_guess_mapping (columns);

  g_assert_cmpstr (role_of (mapping, "no"), ==, "id");
  g_assert_cmpstr (role_of (mapping, "姓名"), ==, "short");
  g_assert_cmpstr (role_of (mapping, "phone"), ==, "short");
  g_assert_cmpstr (role_of (mapping, "主题"), ==, "text");
  g_assert_cmpstr (role_of (mapping, "body"), ==, "text");
  g_assert_cmpstr (role_of (mapping, "note"), ==, "text");
  g_assert_cmpstr (role_of (mapping, "received"), ==, "date");
  g_assert_cmpstr (role_of (mapping, "updated"), ==, "ignore");
  g_assert_cmpstr (role_of (mapping, "amount"), ==, "ignore");
  g_assert_cmpstr (role_of (mapping, "photo"), ==, "ignore");
  g_assert_cmpstr (role_of (mapping, "kind"), ==, "short");

  /* Without a primary key, a column called id is the id. */
  pr_test_execute (db, "CREATE TABLE loose (ID INT, body TEXT)");
  g_clear_pointer (&columns, g_ptr_array_unref);
  g_clear_pointer (&mapping, pr_mapping_free);
  columns = pr_catalog_list_columns (db, "loose", &error);
  mapping = pr_catalog_guess_mapping (columns);
  g_assert_cmpstr (role_of (mapping, "ID"), ==, "id");

  tables = pr_catalog_list_tables (db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tables->len, ==, 2);
  g_assert_cmpstr (tables->pdata[0], ==, "letters");
  g_assert_cmpstr (tables->pdata[1], ==, "loose");

  g_clear_pointer (&columns, g_ptr_array_unref);
  columns = pr_catalog_list_columns (db, "no_such_table", &error);
  g_assert_null (columns);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
}

static PrMapping *
user_body_mapping (const char *id,
                   const char *user,
                   const char *body)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, id, PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, user, PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, body, PR_COLUMN_ROLE_TEXT, 1, NULL));

  return mapping;
}

/* The fingerprint of (user, body) computed in memory: the oracle. The
 * short field's feature is tagged with its column's name. */
static guint64
expected_fingerprint_in (const char *user_column,
                         const char *user,
                         const char *body,
                         gboolean   *sparse)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  const char *values[] = { user, body };
  PrFingerprint result;

  g_assert_true (pr_mapping_add (mapping, user_column, PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, NULL);
  g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &result, NULL));
  *sparse = result.sparse;

  return result.fingerprint;
}

static guint64
expected_fingerprint (const char *user,
                      const char *body,
                      gboolean   *sparse)
{
  return expected_fingerprint_in ("user", user, body, sparse);
}

/* NULLs, empty strings, emoji and characters outside the BMP, and a body
 * of 10 MB: each row's fingerprint is the one computed in memory. */
static void
test_scan_awkward_values (void)
{
  g_autoptr(PrConnection) db = fresh_database ("awkward");
  g_autoptr(PrMapping) mapping = user_body_mapping ("id", "user", "body");
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) huge = g_string_new (NULL);
  g_autofree char *insert_huge = NULL;
  PrLoadOptions options = load_options ();
  static const struct { const char *id, *user, *body; } rows[] = {
    { "1", "张三", "幸福路的路灯坏了三个月，晚上出行很不安全。" },
    { "2", NULL, "幸福路的路灯坏了三个月，晚上出行很不安全。" },
    { "3", "", NULL },
    { "4", "李四", "" },
    { "5", "王五😀", "小区门口的垃圾站臭气熏天🤢，𠀀𠀁𪚥 三个字也在。" },
  };

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, user VARCHAR(32) NULL, body LONGTEXT NULL) CHARACTER SET utf8mb4");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *user = rows[i].user ? g_strdup_printf ("'%s'", rows[i].user) : g_strdup ("NULL");
      g_autofree char *body = rows[i].body ? g_strdup_printf ("'%s'", rows[i].body) : g_strdup ("NULL");
      g_autofree char *sql = g_strdup_printf ("INSERT INTO t VALUES (%s, %s, %s)", rows[i].id, user, body);

      pr_test_execute (db, sql);
    }
  while (huge->len < 10 * 1024 * 1024)
    g_string_append (huge, "强烈请求文明城市A市，尽快整改这个极不文明的路段。");
  insert_huge = g_strdup_printf ("INSERT INTO t VALUES (6, '赵六', '%s')", huge->str);
  pr_test_execute (db, insert_huge);

  set = pr_record_reader_load (db, "t", mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 6);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      gboolean sparse;
      guint64 expected = expected_fingerprint (rows[i].user, rows[i].body, &sparse);

      g_assert_cmpstr (set->ids->pdata[i], ==, rows[i].id);
      g_assert_cmphex (set->fingerprints[i], ==, expected);
      g_assert_cmpint (set->sparse[i], ==, sparse);
    }
  {
    gboolean sparse;

    g_assert_cmphex (set->fingerprints[5], ==, expected_fingerprint ("赵六", huge->str, &sparse));
  }
  /* NULL and "" are the same to the fingerprint; a NULL body is sparse. */
  g_assert_true (set->sparse[2]);
  g_assert_true (set->sparse[3]);
}

static void
test_duplicate_and_empty_ids (void)
{
  g_autoptr(PrConnection) db = fresh_database ("ids");
  g_autoptr(PrMapping) mapping = user_body_mapping ("code", "user", "body");
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GError) error = NULL;
  PrLoadOptions options = load_options ();

  /* No key: the table itself lets the same code in twice. */
  pr_test_execute (db, "CREATE TABLE t (code VARCHAR(20), user VARCHAR(20), body TEXT)");
  pr_test_execute (db, "INSERT INTO t VALUES ('A1', 'u', '路灯坏了三个月没人修'), ('A2', 'u', '路灯坏了'), ('A1', 'v', '噪音扰民')");
  set = pr_record_reader_load (db, "t", mapping, &options, NULL, NULL, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID);
  g_assert_nonnull (strstr (error->message, "row 3"));
  g_assert_nonnull (strstr (error->message, "“A1” appears a second time"));
  g_clear_error (&error);

  pr_test_execute (db, "DELETE FROM t WHERE user = 'v'");
  pr_test_execute (db, "INSERT INTO t VALUES (NULL, 'w', '没有编号')");
  set = pr_record_reader_load (db, "t", mapping, &options, NULL, NULL, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID);
  g_assert_nonnull (strstr (error->message, "the id column “code” is empty"));
}

/* Names with backticks, quotes, a semicolon and Chinese, from the catalogue,
 * quoted: the table reads, and fetching by id works. */
static void
test_hostile_identifiers (void)
{
  g_autoptr(PrConnection) db = fresh_database ("hostile");
  g_autoptr(PrMapping) mapping = user_body_mapping ("编`号", "a\"b'c", "x;DROP TABLE y");
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  PrLoadOptions options = load_options ();
  g_autofree char *table = NULL;
  g_autofree char *create = NULL, *insert = NULL;
  char **values;
  gboolean sparse;
  const char *name = "信访`表; DROP TABLE t";

  table = pr_connection_quote_identifier (name);
  create = g_strdup_printf ("CREATE TABLE %s (`编``号` INT PRIMARY KEY, `a\"b'c` VARCHAR(20), `x;DROP TABLE y` TEXT)", table);
  pr_test_execute (db, create);
  insert = g_strdup_printf ("INSERT INTO %s VALUES (7, '张三', '小区门口的垃圾站臭气熏天，请尽快处理')", table);
  pr_test_execute (db, insert);

  tables = pr_catalog_list_tables (db, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tables->pdata[0], ==, name);

  set = pr_record_reader_load (db, name, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 1);
  g_assert_cmpstr (set->ids->pdata[0], ==, "7");
  g_assert_cmphex (set->fingerprints[0], ==,
                   expected_fingerprint_in ("a\"b'c", "张三", "小区门口的垃圾站臭气熏天，请尽快处理", &sparse));

  values = pr_record_reader_fetch (db, name, mapping, "7", PR_ADVICE_FLAGS, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (values[1], ==, "张三");
  g_assert_cmpstr (values[2], ==, "小区门口的垃圾站臭气熏天，请尽快处理");
  for (guint i = 0; i < 3; i++)
    g_free (values[i]);
  g_free (values);

  values = pr_record_reader_fetch (db, name, mapping, "8", PR_ADVICE_FLAGS, &error);
  g_assert_null (values);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_clear_error (&error);

  /* A name that is not in the catalogue is refused before any SQL is made of it. */
  {
    g_autoptr(PrMapping) wrong = user_body_mapping ("编`号", "a\"b'c", "body");

    g_clear_pointer (&set, pr_record_set_free);
    set = pr_record_reader_load (db, name, wrong, &options, NULL, NULL, NULL, &error);
    g_assert_null (set);
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
    g_assert_nonnull (strstr (error->message, "column “body” is not in table"));
    g_assert_null (strstr (error->message, "after the last colon"));
  }

  /* A weight that is not a number is read as part of the name: the error
   * says so. */
  {
    g_autoptr(PrMapping) wrong = user_body_mapping ("编`号", "a\"b'c", "正文:二");

    g_clear_error (&error);
    set = pr_record_reader_load (db, name, wrong, &options, NULL, NULL, NULL, &error);
    g_assert_null (set);
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
    g_assert_nonnull (strstr (error->message, "column “正文:二” is not in table"));
    g_assert_nonnull (strstr (error->message, "“二” after the last colon is not a number"));
  }
}

/* Streaming 20,000 rows (five batches) gives what the same rows give one
 * by one, and the progress reaches the end. */
typedef struct {
  guint64 calls, last_done, last_total;
} Progress;

static void
on_progress (guint64  records,
             guint64  done,
             guint64  total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_assert_cmpuint (done, >=, progress->last_done);
  g_assert_cmpuint (done, <=, total);
  progress->calls++;
  progress->last_done = done;
  progress->last_total = total;
}

static void
test_stream_many (void)
{
  static const char *const words[] = { "路灯", "坏了", "三个月", "噪音", "扰民", "工地", "夜间施工", "拖欠", "工资",
                                       "物业", "漏水", "请", "尽快", "处理", "学校", "门口", "交通", "拥堵" };
  g_autoptr(PrConnection) db = fresh_database ("many");
  g_autoptr(PrMapping) mapping = user_body_mapping ("id", "user", "body");
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GPtrArray) bodies = g_ptr_array_new_with_free_func (g_free);
  PrLoadOptions options = load_options ();
  Progress progress = { 0 };
  const guint n = 20000;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, user VARCHAR(20), body TEXT)");
  pr_test_execute (db, "START TRANSACTION");
  for (guint i = 0; i < n; i++)
    {
      GString *body = g_string_new (NULL);
      g_autofree char *sql = NULL;

      for (int w = g_rand_int_range (rand, 0, 25); w > 0; w--)
        g_string_append (body, words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      sql = g_strdup_printf ("INSERT INTO t VALUES (%u, 'U%u', '%s')", i + 1, i % 97, body->str);
      pr_test_execute (db, sql);
      g_ptr_array_add (bodies, g_string_free (body, FALSE));
    }
  pr_test_execute (db, "COMMIT");
  pr_test_execute (db, "ANALYZE TABLE t");

  set = pr_record_reader_load (db, "t", mapping, &options, on_progress, &progress, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, n);
  for (guint i = 0; i < n; i += 7)
    {
      g_autofree char *user = g_strdup_printf ("U%u", i % 97);
      gboolean sparse;

      g_assert_cmphex (set->fingerprints[i], ==, expected_fingerprint (user, bodies->pdata[i], &sparse));
      g_assert_cmpint (set->sparse[i], ==, sparse);
    }
  g_assert_cmpuint (progress.calls, >=, 5);
  g_assert_cmpuint (progress.last_done, ==, n);
}

static void
test_cancelled (void)
{
  g_autoptr(PrConnection) db = fresh_database ("cancel");
  g_autoptr(PrMapping) mapping = user_body_mapping ("id", "user", "body");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PrLoadOptions options = load_options ();
  PrRecordSet *set;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, user VARCHAR(20), body TEXT)");
  pr_test_execute (db, "INSERT INTO t VALUES (1, 'u', '路灯坏了三个月没人修')");
  g_cancellable_cancel (cancellable);
  set = pr_record_reader_load (db, "t", mapping, &options, NULL, NULL, cancellable, &error);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/record-reader/guess-mapping", test_guess_mapping);
  g_test_add_func ("/db/record-reader/awkward-values", test_scan_awkward_values);
  g_test_add_func ("/db/record-reader/duplicate-and-empty-ids", test_duplicate_and_empty_ids);
  g_test_add_func ("/db/record-reader/hostile-identifiers", test_hostile_identifiers);
  g_test_add_func ("/db/record-reader/stream-many", test_stream_many);
  g_test_add_func ("/db/record-reader/cancelled", test_cancelled);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
