/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A whole-number flag is read in decimal: a value with a leading zero or
 * in hexadecimal, which GLib alone reads as octal or hexadecimal (--k 017
 * is 15, inside the range, where 17 is outside it), is refused naming the
 * flag and the value, in every form the flag can be given in; plain
 * decimal values, 0 and -0 included, are taken.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *dir;
static char *records;

static int
run_scan (const char *const *flags,
          char              **err)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *head[] = { "scan", "--id", "id", "--text", "body" };
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (args, (gpointer) head[i]);
  for (guint i = 0; flags[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) flags[i]);
  g_ptr_array_add (args, records);
  g_ptr_array_add (args, NULL);
  status = pr_test_run_cli (NULL, err, (const char **) args->pdata);
  g_test_message ("%s %s: %d %s", flags[0], flags[1] != NULL ? flags[1] : "", status, *err);
  return status;
}

static void
test_refused (void)
{
  static const struct { const char *flags[3]; const char *flag; const char *value; } cases[] = {
    { { "--k", "017", NULL }, "--k", "017" },
    { { "--k=017", NULL, NULL }, "--k", "017" },
    { { "-k", "017", NULL }, "--k", "017" },
    { { "--mapping-k=017", NULL, NULL }, "--k", "017" },
    { { "--k", "0x0c", NULL }, "--k", "0x0c" },
    { { "--min-tokens", "010", NULL }, "--min-tokens", "010" },
    { { "--threads", " 010", NULL }, "--threads", " 010" },
    { { "--shingle-words", "+011", NULL }, "--shingle-words", "+011" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_scan (cases[i].flags, &err), ==, 2);
      g_assert_nonnull (strstr (err, cases[i].flag));
      g_assert_nonnull (strstr (err, cases[i].value));
      g_assert_nonnull (strstr (err, "decimal"));
    }
}

static void
test_taken (void)
{
  static const char *const taken[][3] = {
    { "--k", "0", NULL },
    { "--k", "-0", NULL },
    { "--k=10", NULL, NULL },
    { "--min-tokens", "+8", NULL },
    { "--threads", "1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_scan (taken[i], &err), ==, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  records = g_build_filename (dir, "records.csv", NULL);
  g_assert_true (g_file_set_contents (records,
                                      "id,body\n"
                                      "1,the road near the school gate is broken again this spring\n"
                                      "2,the road near the school gate is broken again this summer\n",
                                      -1, NULL));

  g_test_add_func ("/cli/common/decimal-flags/refused", test_refused);
  g_test_add_func ("/cli/common/decimal-flags/taken", test_taken);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
