/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * JSON text whose Chinese is written as escapes, against a throwaway
 * server: a JSON column holding objects ({"content": "\u5c0f…"}), which
 * JSON_UNQUOTE leaves as they are, and a TEXT column holding JSON strings.
 * Read as they stand, the letters' words were the escapes' hex digits and
 * the scan exited 0 with other distances and clusters than the letters'.
 * Each such value is a bad row now, named with what to do; a view that
 * selects JSON_VALUE(body, '$.content') gives the oracle's output, that
 * of the same letters in a TEXT column.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("jsonesc", __VA_ARGS__)

static const char *const bodies[] = {
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。",
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉未果。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核。镇政府拖延办理，群众不满。",
  "拖欠农民工工资，建筑公司老板失联，请求追讨。劳动监察部门尽快处理。",
  "医保报销比例调整，退休职工门诊慢性病药品目录缩小，负担加重，请求说明。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核！镇政府拖延办理，群众很不满。",
};

/* @text with every character beyond ASCII as \uXXXX, as an SQL literal's
 * inside (the backslash doubled). */
static char *
escaped (const char *text)
{
  GString *json = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80)
        g_string_append_c (json, (char) c);
      else
        g_string_append_printf (json, "\\\\u%04x", c);
    }
  return g_string_free (json, FALSE);
}

static void
test_json_escaped_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "jsonesc");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *as_text = g_build_filename (dir, "text.csv", NULL);
  g_autofree char *as_view = g_build_filename (dir, "view.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *expected = NULL, *got = NULL;
  static const char *const tables[] = { "o", "s" };

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "CREATE TABLE o (id INT PRIMARY KEY, body JSON)");
  pr_test_execute (db, "CREATE TABLE s (id INT PRIMARY KEY, body TEXT)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *json = escaped (bodies[i]);
      g_autofree char *to_text = g_strdup_printf ("INSERT INTO t VALUES (%u, '%s')", i + 1, bodies[i]);
      g_autofree char *to_object =
        g_strdup_printf ("INSERT INTO o VALUES (%u, '{\"content\": \"%s\", \"n\": %u}')", i + 1, json, i);
      g_autofree char *to_string = g_strdup_printf ("INSERT INTO s VALUES (%u, '\"%s\"')", i + 1, json);

      pr_test_execute (db, to_text);
      pr_test_execute (db, to_object);
      pr_test_execute (db, to_string);
    }
  pr_test_execute (db, "CREATE VIEW v AS SELECT id, JSON_VALUE(body, '$.content') AS body FROM o");

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", tables[i], "--id", "id", "--text", "body",
                            "--k", "6", "--out", out, NULL), !=, 0);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, "row 1 (id “1”), column “body”"));
      g_assert_nonnull (strstr (err, "JSON text whose Chinese characters are written as escapes"));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--k", "6", "--out", as_text, NULL), ==, 0);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "v", "--id", "id", "--text", "body",
                        "--k", "6", "--out", as_view, NULL), ==, 0);
  g_assert_true (g_file_get_contents (as_text, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (as_view, &got, NULL, NULL));
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

  g_test_add_func ("/db/json-escaped/refused", test_json_escaped_refused);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
