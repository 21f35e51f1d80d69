/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Helpers every test program shares (GLib only, so the engine's tests can
 * use them too): a temporary folder, removing it with all it holds,
 * running the built command-line program, SimHash written out plainly
 * as the oracle of the fingerprint tests, and the smaller sizes a test
 * takes under valgrind.
 */
#include "config.h"
#include "pr-test-config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#include <unicode/ucnv.h>

#include "pr-csv-reader.h"
#include "pr-identity.h"
#include "pr-test-util.h"
#include "pr-record-set.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

/**
 * pr_test_make_temp_dir:
 *
 * Returns: (transfer full): a new, empty directory with a path short
 *   enough for a unix socket inside it
 */
char *
pr_test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("pr-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/**
 * pr_test_write_file:
 * @dir: a folder the test made
 * @name: the file's name in it
 * @contents: its text
 *
 * Returns: (transfer full): the path of the file written
 */
char *
pr_test_write_file (const char *dir,
                    const char *name,
                    const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

/**
 * pr_test_remove_tree:
 * @path: a file or directory the test made
 *
 * Removes @path and, for a directory, all it holds; symlinks are removed,
 * not followed.
 */
void
pr_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          pr_test_remove_tree (child);
        }
    }
  if (g_remove (path) != 0 && errno != ENOENT)
    g_printerr ("cannot remove %s: %s\n", path, g_strerror (errno));
}

/* Runs the built program src/@dir/@name with @args; fails the test if it
 * dies on a signal. */
static int
run_program (const char         *dir,
             const char         *name,
             char              **out,
             char              **err,
             const char *const  *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, g_test_build_filename (G_TEST_BUILT, "..", "src", dir, name, NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  /* Output not asked for goes nowhere: on our stdout it would break TAP. */
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, out == NULL ? G_SPAWN_STDOUT_TO_DEV_NULL : G_SPAWN_DEFAULT,
                NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL) && !WIFEXITED (status))
    g_error ("%s died: status %d", name, status);

  return WEXITSTATUS (status);
}

/**
 * pr_test_run_cli:
 * @out: (out) (optional): its standard output
 * @err: (out) (optional): its standard error
 * @args: (array zero-terminated=1): its arguments, after the program's name
 *
 * Runs the built petition-review-cli as a user runs it, and fails the
 * test if it dies on a signal.
 *
 * Returns: its exit status
 */
int
pr_test_run_cli (char              **out,
                 char              **err,
                 const char *const  *args)
{
  return run_program ("cli", "petition-review-cli", out, err, args);
}

/**
 * pr_test_run_cli_to:
 * @stdout_path: the file its standard output is written to
 * @err: (out): its standard error
 * @args: (array zero-terminated=1): its arguments, after the program's name
 *
 * Runs the built petition-review-cli with its standard output redirected
 * to @stdout_path, as a shell's `>` does; fails the test if it does not
 * exit.
 *
 * Returns: its exit status
 */
int
pr_test_run_cli_to (const char         *stdout_path,
                    char              **err,
                    const char *const  *args)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("%s → %d: %s", args[0], g_subprocess_get_exit_status (process), *err);
  return g_subprocess_get_exit_status (process);
}

/**
 * pr_test_run_scan_id_body:
 * @out: (out) (optional): its standard output
 * @err: (out) (optional): its standard error
 * @options: (array zero-terminated=1): options after the mapping
 * @path: the records
 *
 * Runs `scan --id id --text body OPTIONS… PATH` as pr_test_run_cli () does.
 *
 * Returns: its exit status
 */
int
pr_test_run_scan_id_body (char              **out,
                          char              **err,
                          const char *const  *options,
                          const char         *path)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) args = NULL;

  g_strv_builder_add_many (builder, "scan", "--id", "id", "--text", "body", NULL);
  g_strv_builder_addv (builder, (const char **) options);
  g_strv_builder_add (builder, path);
  args = g_strv_builder_end (builder);
  return pr_test_run_cli (out, err, (const char *const *) args);
}

/**
 * pr_test_scan_pairs:
 * @records: a CSV file's text
 * @options: (array zero-terminated=1): scan's options before --pairs
 * @err: (out): scan's standard error
 *
 * Scans @records with @options in a folder of its own, which is then
 * removed; the scan must exit 0.
 *
 * Returns: (transfer full): the text scan wrote to --pairs
 */
char *
pr_test_scan_pairs (const char        *records,
                    const char *const *options,
                    char             **err)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *pairs_path = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) args = NULL;
  char *pairs = NULL;

  g_assert_true (g_file_set_contents (path, records, -1, NULL));
  g_strv_builder_add (builder, "scan");
  g_strv_builder_addv (builder, (const char **) options);
  g_strv_builder_add_many (builder, "--pairs", pairs_path, "--out", out, path, NULL);
  args = g_strv_builder_end (builder);
  g_assert_cmpint (pr_test_run_cli (NULL, err, (const char *const *) args), ==, 0);
  g_test_message ("%s", *err);
  g_assert_true (g_file_get_contents (pairs_path, &pairs, NULL, NULL));
  g_test_message ("%s", pairs);
  pr_test_remove_tree (dir);
  return pairs;
}

/**
 * pr_test_run_bench:
 * @out: (out) (optional): its standard output
 * @err: (out) (optional): its standard error
 * @args: (array zero-terminated=1): its arguments, after the program's name
 *
 * Runs the built petition-review-bench, as pr_test_run_cli() runs the
 * command-line program.
 *
 * Returns: its exit status
 */
int
pr_test_run_bench (char              **out,
                   char              **err,
                   const char *const  *args)
{
  return run_program ("bench", "petition-review-bench", out, err, args);
}

/**
 * pr_test_naive_simhash:
 * @features: the features, made by hand
 * @weights: (array): each feature's weight
 * @n_features: their number, or -1 for @features ending in %NULL
 *
 * SimHash written out the plain way: each feature's XXH3 votes its weight
 * for or against every bit. An oracle that shares no code with the
 * fingerprinter.
 *
 * Returns: the fingerprint
 */
guint64
pr_test_naive_simhash (const char *const *features,
                       const double      *weights,
                       gssize             n_features)
{
  double v[64] = { 0 };
  guint64 fingerprint = 0;

  for (gsize f = 0; n_features < 0 ? features[f] != NULL : f < (gsize) n_features; f++)
    {
      guint64 h = XXH3_64bits_withSeed (features[f], strlen (features[f]), 0);

      for (guint j = 0; j < 64; j++)
        v[j] += (h & (G_GUINT64_CONSTANT (1) << j)) ? weights[f] : -weights[f];
    }
  for (guint j = 0; j < 64; j++)
    if (v[j] > 0)
      fingerprint |= G_GUINT64_CONSTANT (1) << j;

  return fingerprint;
}

/**
 * pr_test_found_pair:
 *
 * A #PrPartPairFunc that records each pair in a #PrTestFoundPairs, once.
 */
void
pr_test_found_pair (guint32  a,
                    guint32  b,
                    double   containment,
                    gpointer found_pairs)
{
  PrTestFoundPairs *pairs = found_pairs;
  guint64 key = ((guint64) a << 32) | b;

  g_assert_cmpuint (a, <, b);
  g_assert_false (g_hash_table_contains (pairs->found, &key));
  g_hash_table_insert (pairs->found, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (pr_test_containment_key (containment)));
}

/* A containment as pr_test_found_pair () keeps it. */
guint
pr_test_containment_key (double containment)
{
  return (guint) (containment * 1000 + 1.5);
}

/* How many keys of @from are not in @in. */
guint
pr_test_count_missing (GHashTable *from,
                       GHashTable *in)
{
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    n += !g_hash_table_contains (in, key);
  return n;
}

/* Whether an asynchronous call's result (a GAsyncResult *) has come. */
gboolean
pr_test_is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

/* A GAsyncReadyCallback that keeps the result in *user_data. */
void
pr_test_store_result (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* A wait longer than this hangs. Under AddressSanitizer the application
 * runs several times slower (a scan and six paced sorts of 320 cases took
 * over a minute on a loaded machine). */
#if defined(__SANITIZE_ADDRESS__)
#define WAIT_SECONDS 300
#else
#define WAIT_SECONDS 60
#endif

/* Runs the main context until @done (@data), for WAIT_SECONDS at most. */
void
pr_test_wait_until_at (gboolean  (*done) (gpointer),
                       gpointer    data,
                       const char *what,
                       const char *where,
                       int         line)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () >= deadline)
        g_error ("%s:%d: %s still false after %d s", where, line, what, WAIT_SECONDS);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* A record set of @csv, a file whose columns "id" and "body" are mapped
 * as the id and the text (NULL with @error on a refusal), read as scan
 * reads it: a refusal of a bad row names --skip-bad-rows. */
PrRecordSet *
pr_test_load_id_body_csv (const char  *csv,
                          GError     **error)
{
  return pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, FALSE, error);
}

static PrRecordSet *
load_id_body (const char          *csv,
              const char          *column,
              PrColumnRole         role,
              const PrLoadOptions *options,
              GError             **error)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrRecordSet *set;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  if (column != NULL)
    g_assert_true (pr_mapping_add (mapping, column, role, 0, NULL));
  set = pr_record_set_load_csv (path, mapping, options, NULL, NULL, NULL, error);
  pr_test_remove_tree (dir);
  return set;
}

/* The same, with @column (nullable) mapped as @role too, and bad rows
 * skipped with @skip_bad_rows. */
PrRecordSet *
pr_test_load_id_body_csv_full (const char    *csv,
                               const char    *column,
                               PrColumnRole   role,
                               gboolean       skip_bad_rows,
                               GError       **error)
{
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .skip_bad_rows = skip_bad_rows, .skippable = TRUE };

  return load_id_body (csv, column, role, &options, error);
}

/* pr_test_load_id_body_csv () keeping the texts, as for the second stage. */
PrRecordSet *
pr_test_load_id_body_csv_texts (const char  *csv,
                                GError     **error)
{
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .skippable = TRUE, .keep_texts = TRUE };

  return load_id_body (csv, NULL, PR_COLUMN_ROLE_IGNORE, &options, error);
}

/* scan --out without its case column (the sixth): a rescan's case keeps
 * the number of the earlier case it continues, a fresh store's counts
 * from 1. */
char *
pr_test_without_cases (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GString *kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);
      g_autofree char *joined = NULL;

      if (g_strv_length (cells) > 5)
        {
          g_free (cells[5]);
          cells[5] = g_strdup ("");
        }
      g_string_append (kept, i == 0 ? "" : "\n");
      joined = g_strjoinv (",", cells);
      g_string_append (kept, joined);
    }
  return g_string_free (kept, FALSE);
}

/* Whether two scan --out files are the same but for their case numbers. */
gboolean
pr_test_same_but_cases (const char *out,
                        const char *other)
{
  g_autofree char *a = pr_test_without_cases (out);
  g_autofree char *b = pr_test_without_cases (other);

  return g_str_equal (a, b);
}

/**
 * pr_test_check_xlsx_report:
 * @ids, @numbers, @dates: 0-based columns, comma-separated ("1,2"), whose
 *   cells must be text, numbers, dates
 * @out: (out): what the checker said
 *
 * Reads @xlsx back with tests/check-xlsx-report.py (zipfile and an XML
 * parser, not the library that wrote it) and compares it with @csv.
 *
 * Returns: 0 if the workbook says what the CSV says, else 1
 */
int
pr_test_check_xlsx_report (const char  *csv,
                           const char  *xlsx,
                           const char  *sheet,
                           const char  *ids,
                           const char  *numbers,
                           const char  *dates,
                           char       **out)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "check-xlsx-report.py", NULL);
  const char *argv[] = { "python3", script, csv, xlsx, sheet, "--ids", ids, "--numbers", numbers,
                         "--dates", dates, NULL };
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, out, NULL, &status, &error));
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

/* The processor time (user and system) of process @pid so far, in
 * seconds; 0 if it cannot be read. */
double
pr_test_process_cpu (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || (after = strrchr (stat, ')')) == NULL)
    return 0;
  fields = g_strsplit (after + 2, " ", -1);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) / sysconf (_SC_CLK_TCK);
}

/* A database failure explained for where it happened: the server's own
 * words come once, last, after "; " and what failed; the explanation they
 * get alone (a generic one, that would say the same again) is not there,
 * nor the server's words in parentheses within the explanation. */
void
pr_test_assert_server_words_last (const char *message)
{
  const char *mark = strstr (message, "the server's own message: ");
  const char *last_join = g_strrstr (message, "; ");

  g_test_message ("%s", message);
  g_assert_nonnull (mark);
  g_assert_null (strstr (mark + 1, "the server's own message"));
  g_assert_true (g_regex_match_simple ("\\(server error [0-9]+\\)$", message, 0, 0));
  g_assert_nonnull (last_join);
  g_assert_true (last_join < mark);
  g_assert_null (strstr (message, "lacks a privilege the work needs"));
  g_assert_null (strstr (message, "the server has no database of that name"));
  g_assert_null (strstr (message, ") ("));
}

/* A campaign: @n copies of @letter, each with two to six of its
 * characters replaced by characters of @swaps, as letters.csv (id,body)
 * in @dir, ids @id_prefix1, @id_prefix2… Returns the file's path. */
char *
pr_test_write_letters (const char *dir,
                       guint       n,
                       const char *letter,
                       const char *swaps,
                       guint32     seed,
                       const char *id_prefix)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autofree gunichar *base = g_utf8_to_ucs4_fast (letter, -1, NULL);
  g_autofree gunichar *swap = g_utf8_to_ucs4_fast (swaps, -1, NULL);
  glong n_base = g_utf8_strlen (letter, -1), n_swap = g_utf8_strlen (swaps, -1);
  g_autofree gunichar *copy = g_new (gunichar, n_base);
  g_autoptr(GString) csv = g_string_new ("id,body\n");
  char *path = g_build_filename (dir, "letters.csv", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;
      gint changes = g_rand_int_range (rand, 2, 7);

      memcpy (copy, base, n_base * sizeof (gunichar));
      for (gint c = 0; c < changes; c++)
        copy[g_rand_int_range (rand, 0, n_base)] = swap[g_rand_int_range (rand, 0, n_swap)];
      text = g_ucs4_to_utf8 (copy, n_base, NULL, NULL, NULL);
      g_string_append_printf (csv, "%s%u,%s\n", id_prefix, i + 1, text);
    }
  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);
  return path;
}

/* For g_spawn_sync ()'s child setup: the child's address space limit
 * (ulimit -v), @bytes given with GSIZE_TO_POINTER (). */
void
pr_test_limit_address_space (gpointer bytes)
{
  struct rlimit rl = { GPOINTER_TO_SIZE (bytes), GPOINTER_TO_SIZE (bytes) };

  setrlimit (RLIMIT_AS, &rl);
}

/* Two records of a value of @name_role and one of @role (none if
 * @shared is NULL); their comparison, both ways and by roles alike. */
PrPetitionerKind
pr_test_identity_compare (PrIdentityRole  name_role,
                          const char     *a,
                          const char     *b,
                          PrIdentityRole  role,
                          const char     *shared)
{
  PrIdentityTable *table = pr_identity_table_new ();
  const char *values[2] = { a, b };
  PrPetitionerKind kind;

  for (guint r = 0; r < 2; r++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, name_role, values[r], -1);
      if (shared != NULL)
        pr_identity_table_add_value (table, role, shared, -1);
    }
  pr_identity_table_finish (table);
  kind = pr_identity_table_compare (table, 0, 1, NULL);
  g_assert_cmpint (pr_identity_table_compare_by_roles (table, 0, 1, NULL), ==, kind);
  g_assert_cmpint (pr_identity_table_compare (table, 1, 0, NULL), ==, kind);
  pr_identity_table_free (table);
  return kind;
}

/* That @cell reads as the names @expected (a NULL-terminated list). */
void
pr_test_assert_reads (const char        *cell,
                      const char *const *expected)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_test_message ("%s", cell);
  g_assert_cmpint (pr_identity_read_names (cell, -1, names, NULL), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (names->len, ==, g_strv_length ((char **) expected));
  for (guint i = 0; i < names->len; i++)
    g_assert_cmpstr (names->pdata[i], ==, expected[i]);
}

static int
compare_id_strings (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/**
 * pr_test_read_cluster_sets:
 * @path: a scan's --out
 * @n_records: (out): its rows, one per record in a cluster
 *
 * Returns: (transfer full): each cluster as its sorted member ids joined
 *   by commas (a set of strings)
 */
GHashTable *
pr_test_read_cluster_sets (const char *path,
                           guint64    *n_records)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) g_ptr_array_unref);
  GHashTable *clusters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer value;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  *n_records = 0;
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (g_strchomp (lines[i]), ",", 3);
      GPtrArray *ids;

      if (g_strv_length (fields) < 3)
        continue;
      ids = g_hash_table_lookup (members, fields[0]);
      if (ids == NULL)
        {
          ids = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (members, g_strdup (fields[0]), ids);
        }
      g_ptr_array_add (ids, g_strdup (fields[1]));
      (*n_records)++;
    }
  g_hash_table_iter_init (&iter, members);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GPtrArray *ids = value;

      g_ptr_array_sort (ids, compare_id_strings);
      g_ptr_array_add (ids, NULL);
      g_hash_table_add (clusters, g_strjoinv (",", (char **) ids->pdata));
    }
  return clusters;
}

/* The figure before "pairs judged repeats" in scan's summary. */
guint64
pr_test_repeats_said (const char *err)
{
  const char *end = strstr (err, " pairs judged repeats");
  const char *start;

  g_assert_nonnull (end);
  for (start = end; start > err && g_ascii_isdigit (start[-1]); start--)
    ;
  g_assert_true (start < end);
  return g_ascii_strtoull (start, NULL, 10);
}

/**
 * pr_test_read_thresholds_table:
 * @path: the table thresholds wrote (--out)
 * @n_rows: (out): its rows after the header, up to the first blank line
 *
 * Returns: (transfer full): its lines, the header first
 */
GStrv
pr_test_read_thresholds_table (const char *path,
                               guint      *n_rows)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStrv rows;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  rows = g_strsplit (text, "\r\n", -1);
  *n_rows = 0;
  while (rows[1 + *n_rows] != NULL && rows[1 + *n_rows][0] != '\0')
    (*n_rows)++;
  return rows;
}

/**
 * pr_test_assert_thresholds_row:
 * @row: a row of thresholds' table
 * @k: its k
 * @scan_out: the --out of scan at @k with the same flags and store
 * @scan_err: that scan's standard error
 * @records: (out): the records in the scan's clusters
 * @repeats: (out): the pairs the scan said it judged repeats
 *
 * That @row is the scan's: its k, clusters, pairs judged repeats and
 * records in clusters.
 *
 * Returns: (transfer full): the scan's clusters (pr_test_read_cluster_sets ())
 */
GHashTable *
pr_test_assert_thresholds_row (const char *row,
                               guint       k,
                               const char *scan_out,
                               const char *scan_err,
                               guint64    *records,
                               guint64    *repeats)
{
  g_auto(GStrv) fields = g_strsplit (row, ",", -1);
  GHashTable *clusters = pr_test_read_cluster_sets (scan_out, records);

  *repeats = pr_test_repeats_said (scan_err);
  g_test_message ("k = %u: table %s; scan %u clusters, %" G_GUINT64_FORMAT " records, %" G_GUINT64_FORMAT
                  " pairs judged repeats", k, row, g_hash_table_size (clusters), *records, *repeats);
  g_assert_cmpuint (g_ascii_strtoull (fields[0], NULL, 10), ==, k);
  g_assert_cmpuint (g_ascii_strtoull (fields[2], NULL, 10), ==, g_hash_table_size (clusters));
  g_assert_cmpuint (g_ascii_strtoull (fields[5], NULL, 10), ==, *repeats);
  g_assert_cmpuint (g_ascii_strtoull (fields[7], NULL, 10), ==, *records);
  return clusters;
}

/**
 * pr_test_under_valgrind:
 *
 * Returns: whether the program runs under valgrind (always %FALSE when
 *   built without valgrind's header)
 */
gboolean
pr_test_under_valgrind (void)
{
#ifdef HAVE_VALGRIND_VALGRIND_H
  return RUNNING_ON_VALGRIND != 0;
#else
  return FALSE;
#endif
}

/**
 * pr_test_size:
 * @full: the size of a plain run (and of a sanitizer's)
 * @under_valgrind: the size under valgrind
 *
 * The size of a test whose assertions hold for any size, against an
 * oracle: valgrind runs a program some fifty times slower, and CI runs
 * the engine's tests under it within what is left of its time. The test's
 * log says which size it took.
 *
 * Returns: @under_valgrind under valgrind, else @full
 */
guint
pr_test_size (guint full,
              guint under_valgrind)
{
  if (!pr_test_under_valgrind ())
    return full;
  g_test_message ("under valgrind: %u in place of %u", under_valgrind, full);
  return under_valgrind;
}

static char *sample_cuts_dir;

static void
remove_sample_cuts (void)
{
  pr_test_remove_tree (sample_cuts_dir);
  g_clear_pointer (&sample_cuts_dir, g_free);
}

/**
 * pr_test_sample_path:
 * @under_valgrind: the records to keep under valgrind
 *
 * The bundled sample (data/sample-petitions.csv, 3,000 records) for a
 * test whose assertions hold for any of its records; under valgrind, its
 * header and first @under_valgrind records, in a file removed when the
 * program exits.
 *
 * Returns: (transfer full): the path of the records to read
 */
char *
pr_test_sample_path (guint under_valgrind)
{
  char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  char *path, *end;
  guint64 line;

  if (!pr_test_under_valgrind ())
    return sample;
  g_test_message ("under valgrind: the sample's first %u records", under_valgrind);
  if (sample_cuts_dir == NULL)
    {
      sample_cuts_dir = pr_test_make_temp_dir ();
      atexit (remove_sample_cuts);
    }
  name = g_strdup_printf ("sample-%u.csv", under_valgrind);
  path = g_build_filename (sample_cuts_dir, name, NULL);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_free (sample);
      return path;
    }

  /* The lines before the record after the last one kept: a record may
   * take several lines, its text's line breaks quoted. */
  reader = pr_csv_reader_new_for_path (sample, NULL, &error);
  g_assert_no_error (error);
  while (pr_csv_reader_get_record_number (reader) < under_valgrind + 2 && pr_csv_reader_next (reader, NULL, &error))
    ;
  g_assert_no_error (error);
  g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, under_valgrind + 2);
  line = pr_csv_reader_get_line (reader);
  g_assert_true (g_file_get_contents (sample, &text, NULL, NULL));
  end = text;
  for (guint64 l = 1; l < line; l++)
    {
      end = strchr (end, '\n');
      g_assert_nonnull (end);
      end++;
    }
  g_assert_true (g_file_set_contents (path, text, end - text, NULL));
  g_free (sample);
  return path;
}

/**
 * pr_test_misread:
 * @text: UTF-8 text
 * @stored: the encoding its bytes are stored in (GBK)
 * @read: the encoding they are read as by mistake (EUC-KR)
 *
 * Returns: (transfer full): @text's bytes in @stored decoded as @read, as
 *   a wrong --encoding or a column of the wrong character set does: a
 *   byte the reading has no character for becomes U+FFFD (ICU's
 *   substitute), as decoders write it
 */
char *
pr_test_misread (const char *text,
                 const char *stored,
                 const char *read)
{
  UErrorCode status = U_ZERO_ERROR;
  char bytes[1024], utf8[4096];
  int32_t n;

  n = ucnv_convert (stored, "UTF-8", bytes, sizeof bytes, text, -1, &status);
  g_assert_true (U_SUCCESS (status));
  n = ucnv_convert ("UTF-8", read, utf8, sizeof utf8, bytes, n, &status);
  g_assert_true (U_SUCCESS (status));
  return g_strndup (utf8, n);
}

/**
 * pr_test_misread_iconv:
 * @text: UTF-8 text
 * @stored: the encoding its bytes are stored in (GBK, UTF-8)
 * @read: the encoding they are read as by mistake (EUC-KR, JOHAB)
 * @lost: what the reading writes for a byte it cannot read: "" (dropped),
 *   "?" or "\uFFFD"
 *
 * Returns: (transfer full): @text's bytes in @stored decoded by glibc's
 *   iconv as @read, one byte at a time past each it cannot read, as a
 *   strict decoder with its errors ignored or replaced makes it
 */
char *
pr_test_misread_iconv (const char *text,
                       const char *stored,
                       const char *read,
                       const char *lost)
{
  gsize n = 0;
  g_autofree char *bytes = g_convert (text, -1, stored, "UTF-8", NULL, &n, NULL);
  GIConv cd = g_iconv_open ("UTF-8", read);
  GString *out = g_string_new (NULL);
  char *in = bytes;
  gsize in_left = n;

  g_assert_nonnull (bytes);
  g_assert_true (cd != (GIConv) -1);
  while (in_left > 0)
    {
      char buffer[256];
      char *o = buffer;
      gsize o_left = sizeof buffer;
      gsize done = g_iconv (cd, &in, &in_left, &o, &o_left);

      g_string_append_len (out, buffer, o - buffer);
      if (done == (gsize) -1 && errno != E2BIG)
        {
          g_string_append (out, lost);
          in++;
          in_left--;
          g_iconv (cd, NULL, NULL, NULL, NULL);
        }
    }
  g_iconv_close (cd);
  return g_string_free (out, FALSE);
}

/* How many of @recovered's ideographs are in @original. */
guint
pr_test_shared_han (const char *recovered,
                    const char *original)
{
  guint n = 0;

  for (const char *p = recovered; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      char utf8[8] = { 0 };

      g_unichar_to_utf8 (c, utf8);
      n += c >= 0x4E00 && c <= 0x9FFF && strstr (original, utf8) != NULL;
    }
  return n;
}
