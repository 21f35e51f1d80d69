/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check --csv given a letter whose date is a placeholder that systems
 * write for no date (MariaDB's zero date, SQL Server's and Excel's first
 * day, MariaDB's last, the Unix epoch on Beijing's clock): refused, the
 * message naming the value, the line and the column, saying it is such a
 * placeholder, which a scan counts as none, and what to do. A date that
 * cannot be read at all keeps its own message. Against a throwaway
 * server; the oracle is the file as written here (the letter is line 2).
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("chkph", __VA_ARGS__)
#define BODY "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 违规 作业"

static int
check_letter (const char  *dir,
              const char  *date,
              char       **err)
{
  g_autofree char *path = g_build_filename (dir, "letter.csv", NULL);
  g_autofree char *csv = g_strdup_printf ("id,body,received\n900,%s,%s\n", BODY, date);

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  return RUN (NULL, err, "check", "--db", "URI", "--table", "cases", "--id-column", "id", "--text", "body",
              "--date", "received", "--store", "chkphstore", "--csv", path, "--format", "csv", NULL);
}

static void
test_placeholder (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const placeholders[] = {
    "0000-00-00", "0000-00-00 00:00:00", "1900-01-01", "9999-12-31 23:59:59", "1970-01-01 08:00:00",
  };

  pr_test_execute (db, "DROP DATABASE IF EXISTS chkph");
  pr_test_execute (db, "DROP DATABASE IF EXISTS chkphstore");
  pr_test_execute (db, "CREATE DATABASE chkph CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE chkphstore");
  pr_test_execute (db, "CREATE TABLE chkph.cases (id INT PRIMARY KEY, body TEXT, received DATETIME)");
  pr_test_execute (db, "INSERT INTO chkph.cases VALUES (1, '" BODY "', '2019-01-01 09:00')");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "cases", "--id", "id", "--text", "body",
                        "--date", "received", "--store", "chkphstore", "--out", "/dev/null", NULL), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *expected = g_strdup_printf ("line 2: the date “%s” in column “received” is before 1901, "
                                                   "after 2199 or the Unix epoch, a placeholder that systems write "
                                                   "for no date, which a scan counts as none; give the record its "
                                                   "real date (2019-06-08 17:31), or leave the cell empty if it has "
                                                   "none", placeholders[i]);

      g_assert_cmpint (check_letter (dir, placeholders[i], &err), ==, 1);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, expected));
      g_assert_null (strstr (err, "cannot be read"));
    }

  /* Not a placeholder: its own message, and an empty date is taken. */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (check_letter (dir, "2019-13-45", &err), ==, 1);
    g_assert_nonnull (strstr (err, "line 2: the date “2019-13-45” in column “received” cannot be read"));
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (check_letter (dir, "", &err), ==, 0);
  }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();
  g_test_add_func ("/cli/check/placeholder-date", test_placeholder);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
