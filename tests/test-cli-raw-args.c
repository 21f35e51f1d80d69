/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Checks on the arguments as typed. A whole-number flag is read in decimal: a value with a leading zero or
 * in hexadecimal, which GLib alone reads as octal or hexadecimal (--k 017
 * is 15, inside the range, where 17 is outside it), is refused naming the
 * flag and the value, in every form the flag can be given in; plain
 * decimal values, 0 and -0 included, are taken.
 *
 * A flag that takes one value, given twice with different values, is
 * refused naming both (GLib alone keeps the last, so --out a --out b
 * wrote only b and --id x --id y read ids from y); the same value twice,
 * and a repeatable flag given twice, are taken.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

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

static void
test_twice_refused (void)
{
  g_autofree char *first = g_build_filename (dir, "first.csv", NULL);
  g_autofree char *second = g_build_filename (dir, "second.csv", NULL);
  const char *out_twice[] = { "scan", "--id", "id", "--text", "body", "--out", first, "--out", second, records, NULL };
  const char *k_twice[] = { "scan", "--id", "id", "--text", "body", "--k", "3", "--mapping-k=5", records, NULL };
  const char *id_twice[] = { "scan", "--id=id", "--text", "body", "--id", "body", records, NULL };
  const char *containment_twice[] = { "scan", "--id", "id", "--text", "body", "--containment", "0.5",
                                      "--containment=0.9", records, NULL };
  const struct { const char *const *args; const char *flag; const char *a; const char *b; } cases[] = {
    { out_twice, "--out", first, second },
    { k_twice, "--k", "3", "5" },
    { id_twice, "--id", "id", "body" },
    { containment_twice, "--containment", "0.5", "0.9" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (NULL, &err, cases[i].args), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, cases[i].flag));
      g_assert_nonnull (strstr (err, "twice"));
      g_assert_nonnull (strstr (err, cases[i].a));
      g_assert_nonnull (strstr (err, cases[i].b));
    }
  /* Refused before anything was written. */
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
}

static void
test_twice_taken (void)
{
  const char *same_twice[] = { "scan", "--id", "id", "--text", "body", "--k", "3", "--k=3", records, NULL };
  const char *repeatable[] = { "scan", "--id", "id", "--text", "body", "--short", "place", "--short",
                               "unit", records, NULL };
  g_autofree char *err = NULL;
  g_autofree char *err2 = NULL;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, same_twice), ==, 0);
  g_assert_cmpint (pr_test_run_cli (NULL, &err2, repeatable), ==, 0);
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
                                      "id,body,place,unit\n"
                                      "1,the road near the school gate is broken again this spring,east,roads\n"
                                      "2,the road near the school gate is broken again this summer,east,roads\n",
                                      -1, NULL));

  g_test_add_func ("/cli/common/decimal-flags/refused", test_refused);
  g_test_add_func ("/cli/common/decimal-flags/taken", test_taken);
  g_test_add_func ("/cli/common/flag-twice/refused", test_twice_refused);
  g_test_add_func ("/cli/common/flag-twice/taken", test_twice_taken);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
