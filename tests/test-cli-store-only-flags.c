/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * decisions export, repeats and move-history read what a scan left in the
 * store, never a table's records: a flag that says how to read or match
 * records (--text, --date-format, --k, --no-parts, --containment…) would
 * change nothing in what they print. Each refuses it, naming it, before
 * any connection is tried (the server named does not exist), also when
 * given at its default value (-k 3); the flags
 * that say where the store is go on to the connection. The oracle: the
 * exit status and the message.
 */
#define G_LOG_DOMAIN "pr-test-cli-store-only-flags"

#include "config.h"

#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-test-util.h"

#define MIN_TOKENS G_STRINGIFY (PR_DEFAULT_MIN_TOKENS)

/* No server listens on port 1. */
#define NOWHERE "mariadb://nobody@127.0.0.1:1/nothing"

static void
test_refused (void)
{
  const struct { const char *flag; const char *const argv[16]; } cases[] = {
    { "--date-format", { "decisions", "export", "--db", NOWHERE, "--table", "t", "--date-format", "DMY" } },
    { "--text", { "repeats", "--db", NOWHERE, "--table", "t", "--text", "body" } },
    { "--k", { "repeats", "--db", NOWHERE, "--table", "t", "-k", "12" } },
    { "--no-parts", { "decisions", "export", "--db", NOWHERE, "--table", "t", "--no-parts" } },
    { "--containment", { "repeats", "--db", NOWHERE, "--table", "t", "--containment", "0.5" } },
    { "--date", { "move-history", "--db", NOWHERE, "--table", "t", "--from", "old", "--date", "received" } },
    { "--threads", { "repeats", "--sample", "--threads", "2" } },
    /* Given at their defaults: given all the same. */
    { "--k", { "repeats", "--db", NOWHERE, "--table", "t", "-k", "3" } },
    { "--k", { "decisions", "export", "--db", NOWHERE, "--table", "t", "--k=3" } },
    { "--min-tokens", { "move-history", "--db", NOWHERE, "--table", "t", "--from", "old", "--mapping-min-tokens",
                        MIN_TOKENS } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *says = g_strdup_printf ("%s says how to read or match a table's records", cases[c].flag);
      g_autofree char *leave = g_strdup_printf ("leave out %s", cases[c].flag);

      g_assert_cmpint (pr_test_run_cli (&out, &err, cases[c].argv), ==, 2);
      g_test_message ("%s: %s", cases[c].argv[0], err);
      g_assert_nonnull (strstr (err, says));
      g_assert_nonnull (strstr (err, leave));
      g_assert_cmpstr (out, ==, "");
    }
}

/* --db, --table and the command's own flags are not refused: the command
 * goes on to the server, which is not there. */
static void
test_theirs_kept (void)
{
  const char *const commands[][16] = {
    { "repeats", "--db", NOWHERE, "--table", "t", "--scan", "2" },
    { "decisions", "export", "--db", NOWHERE, "--table", "t", "--no-bom" },
    { "move-history", "--db", NOWHERE, "--table", "t", "--from", "old" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, commands[c]), !=, 0);
      g_test_message ("%s: %s", commands[c][0], err);
      g_assert_null (strstr (err, "says how to read or match"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/store-only-flags/refused", test_refused);
  g_test_add_func ("/cli/store-only-flags/theirs-kept", test_theirs_kept);
  return g_test_run ();
}
