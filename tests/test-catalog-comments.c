/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Column comments as display names, read from a real server's catalogue:
 * what a comment gives (and what is too much a note to be a name), the
 * guessed mapping's labels, and that a label changes no fingerprint.
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-fingerprinter.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

static const PrColumnInfo *
find (GPtrArray  *columns,
      const char *name)
{
  for (guint i = 0; i < columns->len; i++)
    if (strcmp (((PrColumnInfo *) columns->pdata[i])->name, name) == 0)
      return columns->pdata[i];
  g_assert_not_reached ();
}

static void
test_comments (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "comments");
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) guessed = NULL;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "CREATE TABLE petitions ("
                       "  id INT PRIMARY KEY COMMENT '编号',"
                       "  petitioner VARCHAR(64) COMMENT '  信访人  ',"
                       "  phone VARCHAR(32) COMMENT '',"
                       "  subject VARCHAR(255),"
                       "  body TEXT COMMENT '信访内容\\n（来信原文，不含附件）',"
                       "  submitted_at DATETIME COMMENT '这一列是来信的日期，由收发室在登记时按信封上的邮戳日期填写，没有邮戳的按收到之日'"
                       ") DEFAULT CHARSET=utf8mb4");
  columns = pr_catalog_list_columns (db, "petitions", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (columns->len, ==, 6);
  g_assert_cmpstr (find (columns, "id")->comment, ==, "编号");
  /* Spaces around it are not part of the name. */
  g_assert_cmpstr (find (columns, "petitioner")->comment, ==, "信访人");
  g_assert_null (find (columns, "phone")->comment);
  g_assert_null (find (columns, "subject")->comment);
  /* A note on more than one line, or longer than a heading: no name. */
  g_assert_null (find (columns, "body")->comment);
  g_assert_cmpuint (g_utf8_strlen ("这一列是来信的日期，由收发室在登记时按信封上的邮戳日期填写，没有邮戳的按收到之日", -1), >,
                    PR_CATALOG_MAX_COMMENT_NAME);
  g_assert_null (find (columns, "submitted_at")->comment);

  guessed = pr_catalog_guess_mapping (columns);
  for (guint c = 0; c < pr_mapping_get_n_columns (guessed); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (guessed, c);
      const char *expected = strcmp (column->name, "id") == 0 ? "编号"
                             : strcmp (column->name, "petitioner") == 0 ? "信访人"
                             : column->name;

      g_assert_cmpstr (pr_mapping_column_get_label (column), ==, expected);
    }
}

/* A label is for people: the fingerprints' version does not see it, so
 * naming a column anew rescans nothing. */
static void
test_label_not_in_version (void)
{
  g_autoptr(PrMapping) plain = pr_mapping_new ();
  g_autoptr(PrMapping) named = NULL;
  g_autoptr(PrMapping) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *plain_text = NULL, *named_text = NULL;

  g_assert_true (pr_mapping_add (plain, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (plain, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (plain, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  named = pr_mapping_copy (plain);
  g_assert_true (pr_mapping_set_label (named, "petitioner", "信访人", &error));
  g_assert_no_error (error);
  g_assert_false (pr_mapping_set_label (named, "address", "住址", &error));
  g_assert_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID);
  copy = pr_mapping_copy (named);
  g_assert_cmpstr (pr_mapping_column_get_label (pr_mapping_get_column (copy, 1)), ==, "信访人");
  g_assert_cmpstr (pr_mapping_column_get_label (pr_mapping_get_column (copy, 2)), ==, "body");
  plain_text = pr_fingerprint_describe (plain, 0, 3, NULL);
  named_text = pr_fingerprint_describe (named, 0, 3, NULL);
  g_assert_cmpstr (plain_text, ==, named_text);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/catalog/comments", test_comments);
  g_test_add_func ("/db/catalog/label-not-in-version", test_label_not_in_version);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
