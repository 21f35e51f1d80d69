/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * After a scan the window says, beside the scan's other figures, how many
 * identity values were no evidence (a mistyped ID card number, a phone
 * Excel saved in scientific notation, masked values), in the words the
 * command line prints for the same table. The oracles are the command
 * line's own line, scanning the table with the mapping both guess, and
 * the counts written by hand.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static const char body[] =
  "我家楼下的烧烤店每天晚上营业到凌晨两点，油烟和噪音严重影响休息，多次向街道反映没有结果，请有关部门依法处理";

/* One complaint sent eight times. Record 2's ID card has a wrong check
 * character; record 3's phone was saved by Excel (1.38000E+10); record
 * 4's name and record 5's phone are masked. */
static const char *const rows[] = {
  "1, '张伟', '11010519491231002X', '13800001111'",
  "2, '张伟', '110105194912310021', '13800001111'",
  "3, '张伟', '11010519491231002X', '1.38000E+10'",
  "4, '张*', '11010519491231002X', '13800001111'",
  "5, '张伟', '11010519491231002X', '138****1111'",
  "6, '李娜', '110101198001010010', '13900002222'",
  "7, '李娜', '110101198001010010', '13900002222'",
  "8, '王芳', '11010119900307002X', '13700003333'",
};

static void
test_identity_note (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  const char *cli_line = NULL;
  const char *summary;
  PrWindow *window;

  pr_test_execute (root, "CREATE DATABASE office");
  pr_test_execute (root, "CREATE TABLE office.petitions (id INT PRIMARY KEY, name VARCHAR(32), "
                         "id_card VARCHAR(32), phone VARCHAR(32), body TEXT)");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO office.petitions VALUES (%s, '%s%s')", rows[i], body,
                                              i % 2 == 1 ? "！" : "。");

      pr_test_execute (root, sql);
    }

  g_assert_cmpint (pr_test_server_run_cli ("office", &out, &err, "scan", "--db", "URI", "--table", "petitions",
                                           NULL), ==, 0);
  g_assert_nonnull (strstr (err, "--id-card id_card"));
  g_assert_nonnull (strstr (err, "--phone phone"));
  lines = g_strsplit (err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Identity: "))
      cli_line = lines[i];
  g_assert_nonnull (cli_line);
  g_test_message ("the command line: %s", cli_line);
  g_assert_nonnull (strstr (cli_line, "1 ID card number invalid"));
  g_assert_nonnull (strstr (cli_line, "1 number in Excel's scientific notation"));
  g_assert_nonnull (strstr (cli_line, "2 masked values"));

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  summary = pr_window_get_summary_text (window);
  g_test_message ("the window: %s", summary);
  g_assert_true (g_str_has_prefix (summary, "8 records"));
  g_assert_nonnull (strstr (summary, cli_line));

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/review/identity-note", test_identity_note);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
