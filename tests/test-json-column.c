/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A JSON column (MariaDB's JSON: LONGTEXT checked by json_valid()),
 * against a throwaway server: a program that stores a letter as a JSON
 * string writes its quotes and escapes, every Chinese character as
 * "\u5c0f" where it escapes all but ASCII. Read as it stands, that text
 * gave other clusters than the letters' (the sample: 288 clusters of 717
 * records instead of 185 of 454), exit 0. The string's text is read: the
 * scan's output is that of the same letters in a TEXT column. A JSON
 * object holding the text, read as it stood (keys and all), gained and
 * lost pairs, exit 0: it is a bad row, named with its keys.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("jsoncol", __VA_ARGS__)

static const char *const bodies[] = {
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。",
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉未果。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核。镇政府拖延办理，群众不满。",
  "拖欠农民工工资，建筑公司老板失联，请求追讨。\n劳动监察部门尽快处理。",
  "医保报销比例调整，退休职工门诊慢性病药品目录缩小，负担加重，请求说明。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核！镇政府拖延办理，群众很不满。",
};

/* @text as a JSON string that escapes all but ASCII, then as an SQL
 * string literal. */
static char *
json_literal (const char *text)
{
  GString *json = g_string_new ("'\"");

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        g_string_append (json, "\\\\n");
      else if (c < 0x80)
        g_string_append_c (json, (char) c);
      else
        g_string_append_printf (json, "\\\\u%04x", c);
    }
  g_string_append (json, "\"'");
  return g_string_free (json, FALSE);
}

static void
test_json_string_read_as_text (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "jsoncol");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *as_text = g_build_filename (dir, "text.csv", NULL);
  g_autofree char *as_json = g_build_filename (dir, "json.csv", NULL);
  g_autofree char *expected = NULL, *got = NULL, *stored = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "CREATE TABLE j (id INT PRIMARY KEY, body JSON)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *literal = json_literal (bodies[i]);
      g_auto(GStrv) lines = g_strsplit (bodies[i], "\n", -1);
      g_autofree char *escaped = g_strjoinv ("\\n", lines);
      g_autofree char *to_text = g_strdup_printf ("INSERT INTO t VALUES (%u, '%s')", i + 1, escaped);
      g_autofree char *to_json = g_strdup_printf ("INSERT INTO j VALUES (%u, %s)", i + 1, literal);

      pr_test_execute (db, to_text);
      pr_test_execute (db, to_json);
    }
  /* The server holds the escapes, as such a program writes them. */
  stored = pr_test_query_value (db, "SELECT LEFT(body, 7) FROM j WHERE id = 1");
  g_assert_cmpstr (stored, ==, "\"\\u5c0f");

  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--k", "6", "--out", as_text, NULL), ==, 0);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "j", "--id", "id", "--text", "body",
                        "--k", "6", "--out", as_json, NULL), ==, 0);
  g_assert_true (g_file_get_contents (as_text, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (as_json, &got, NULL, NULL));
  g_test_message ("as text:\n%s\nas JSON:\n%s", expected, got);
  /* Two clusters of two: a real answer to compare with. */
  g_assert_nonnull (strstr (expected, "\r\n1,1,1,"));
  g_assert_nonnull (strstr (expected, "\r\n2,3,3,"));
  g_assert_cmpstr (got, ==, expected);
  pr_test_remove_tree (dir);
}

/* @text as a JSON string that escapes only the line break (its Chinese
 * as it stands), then as an SQL string literal. */
static char *
json_literal_unescaped (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *joined = g_strjoinv ("\\\\n", lines);

  return g_strdup_printf ("'\"%s\"'", joined);
}

/* A table stored while its JSON strings were read as they stand (their
 * quotes: a TEXT column, as JSON columns were read before; strings with
 * escaped Chinese are bad rows now, so these write it as it stands),
 * then rescanned as a JSON column, read as the strings' text: every value
 * read differs, but no letter was edited. The records count as
 * fingerprinted again under another mapping, not as changed, and give no
 * new repeat; the mapping stored says ":json". */
static void
test_json_rescan_not_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "jsoncol");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *repeats = g_build_filename (dir, "repeats.csv", NULL);
  g_autofree char *err = NULL, *got = NULL, *mapping = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS jsonstore");
  pr_test_execute (db, "CREATE DATABASE jsonstore");
  pr_test_execute (db, "CREATE TABLE s (id INT PRIMARY KEY, body LONGTEXT)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *literal = json_literal_unescaped (bodies[i]);
      g_autofree char *insert = g_strdup_printf ("INSERT INTO s VALUES (%u, %s)", i + 1, literal);

      pr_test_execute (db, insert);
    }
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "s", "--id", "id", "--text", "body",
                        "--k", "6", "--store", "jsonstore", NULL), ==, 0);
  pr_test_execute (db, "ALTER TABLE s MODIFY body JSON");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "s", "--id", "id", "--text", "body",
                        "--k", "6", "--store", "jsonstore", "--new-repeats", repeats, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 0 unchanged records, 6 fingerprinted again"));
  g_assert_true (g_file_get_contents (repeats, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, "id,existing_id,distance,kind\r\n");
  mapping = pr_test_query_value (db, "SELECT mapping FROM jsonstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_nonnull (strstr (mapping, "text=body:1:json "));
  pr_test_execute (db, "DROP DATABASE jsonstore");
  pr_test_remove_tree (dir);
}

/* A JSON column holding an object (json_object ('content', '小区…')) in
 * one row: refused naming the row and the object's keys; with
 * --skip-bad-rows left out and listed, the output that of the other
 * letters in a TEXT column. */
static void
test_json_object_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "jsoncol");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *as_text = g_build_filename (dir, "text.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *list_path = g_build_filename (dir, "out-bad-rows.csv", NULL);
  g_autofree char *err = NULL, *err_skip = NULL, *expected = NULL, *got = NULL, *list = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "CREATE TABLE j (id INT PRIMARY KEY, body JSON)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_auto(GStrv) lines = g_strsplit (bodies[i], "\n", -1);
      g_autofree char *escaped = g_strjoinv ("\\n", lines);
      g_autofree char *literal = json_literal_unescaped (bodies[i]);
      g_autofree char *to_text = g_strdup_printf ("INSERT INTO t VALUES (%u, '%s')", i + 1, escaped);
      g_autofree char *to_json =
        i == 2 ? g_strdup_printf ("INSERT INTO j VALUES (3, json_object('content', '%s', 'channel', 'web'))",
                                  escaped)
               : g_strdup_printf ("INSERT INTO j VALUES (%u, %s)", i + 1, literal);

      if (i != 2)
        pr_test_execute (db, to_text);
      pr_test_execute (db, to_json);
    }

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "j", "--id", "id", "--text", "body",
                        "--k", "6", "--out", out, NULL), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 3 (id “3”), column “body”: the value is a JSON object (keys “content”, "
                                 "“channel”; its Chinese text is at $.content)"));
  g_assert_nonnull (strstr (err, "JSON_VALUE(column, '$.content')"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  g_assert_cmpint (RUN (NULL, &err_skip, "scan", "--db", "URI", "--table", "j", "--id", "id", "--text", "body",
                        "--k", "6", "--skip-bad-rows", "--out", out, NULL), ==, 0);
  g_assert_nonnull (strstr (err_skip, "1 bad row left out (still in the source), listed in "));
  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  g_assert_true (g_str_has_prefix (list, "\xEF\xBB\xBF" "id,row,column,reason\r\n3,3,body,\"the value is a JSON "
                                         "object (keys “content”, “channel”;"));
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--k", "6", "--out", as_text, NULL), ==, 0);
  g_assert_true (g_file_get_contents (as_text, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_nonnull (strstr (expected, "\r\n1,1,1,"));
  g_assert_cmpstr (got, ==, expected);
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/json-column/string-read-as-text", test_json_string_read_as_text);
  g_test_add_func ("/db/json-column/rescan-not-changed", test_json_rescan_not_changed);
  g_test_add_func ("/db/json-column/object-refused", test_json_object_refused);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
