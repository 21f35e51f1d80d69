/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A server whose max_allowed_packet is small (SET GLOBAL, as an old
 * configuration keeps it), against the sample on a throwaway server: the
 * store's writes (fingerprints with their passages, cases, judged pairs,
 * passage pairs)
 * went 500 rows or 40,000 pairs a statement and the scan failed with the
 * server's "packet bigger than max_allowed_packet", or a lost connection
 * blamed on the read timeout. They now fit the server's limit: the scan
 * completes, its outputs and stored rows those of a scan under the
 * default limit, and a rescan finds every record and judgement again.
 */
#include "config.h"

#include <string.h>

#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"

static PrTestSample *sample;

static int
scan (char      **err,
      const char *store,
      const char *out)
{
  const char *const args[] = { "scan", "--db", sample->uri, "--table", "petitions", "--store", store,
                               "--out", out, NULL };

  return pr_test_run_cli (NULL, err, args);
}

static char *
stored_digest (PrConnection *db,
               const char   *store)
{
  g_autofree char *sql =
    g_strdup_printf ("SELECT CONCAT_WS(' ', (SELECT CONCAT(COUNT(*), ':', SUM(CRC32(CONCAT_WS(',', record_id, "
                     "fingerprint, content_hash, HEX(parts))))) FROM %s.pr_fingerprints), "
                     "(SELECT CONCAT(COUNT(*), ':', SUM(CRC32(CONCAT_WS(',', number, record_id)))) "
                     "FROM %s.pr_case_members), (SELECT SUM(n_pairs) FROM %s.pr_judged_pairs))",
                     store, store, store);

  return pr_test_query_value (db, sql);
}

static void
test_small_packet (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autofree char *reference = g_build_filename (sample->dir, "reference.csv", NULL);
  g_autofree char *out = g_build_filename (sample->dir, "out.csv", NULL);
  g_autofree char *expected = NULL, *got = NULL, *err = NULL;
  g_autofree char *digest = NULL, *reference_digest = NULL, *chunks = NULL;

  pr_test_execute (db, "CREATE DATABASE packetref");
  pr_test_execute (db, "CREATE DATABASE packetstore");
  g_assert_cmpint (scan (NULL, "packetref", reference), ==, 0);

  /* New connections take the global value. */
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16384");
  g_assert_cmpint (scan (&err, "packetstore", out), ==, 0);
  g_test_message ("%s", err);
  g_assert_true (g_file_get_contents (reference, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expected);
  reference_digest = stored_digest (db, "packetref");
  digest = stored_digest (db, "packetstore");
  g_assert_cmpstr (digest, ==, reference_digest);
  /* The judged pairs in more rows than one. */
  chunks = pr_test_query_value (db, "SELECT COUNT(*) > 1 FROM packetstore.pr_judged_pairs");
  g_assert_cmpstr (chunks, ==, "1");

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, "packetstore", out), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 3000 unchanged records"));
  g_assert_nonnull (strstr (err, ", 0 judged now"));
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16777216");
}

/* The passage pairs a table of 700 letters sent three times each: 2,100
 * pairs, 33,600 bytes, went in one row; 16 KiB a statement. */
static int
scan_groups (char      **err,
             const char *store,
             const char *out)
{
  g_autofree char *store_arg = g_strdup_printf ("--store=%s", store);
  g_autofree char *out_arg = g_strdup_printf ("--out=%s", out);
  const char *const args[] = { "scan", "--db", sample->uri, "--table=letters", "--id=id", "--text=body",
                               "--no-second-stage", store_arg, out_arg, NULL };

  return pr_test_run_cli (NULL, err, args);
}

/* The passage pairs and boilerplate a store keeps, whatever its rows. */
static char *
kept_parts (PrConnection *db,
            const char   *store)
{
  g_autofree char *sql =
    g_strdup_printf ("SELECT CONCAT_WS(' ', SUM(n_pairs), MD5(GROUP_CONCAT(HEX(pairs) ORDER BY chunk SEPARATOR '')), "
                     "SUM(n_boilerplate), MD5(GROUP_CONCAT(HEX(boilerplate) ORDER BY chunk SEPARATOR ''))) "
                     "FROM %s.pr_part_pairs", store);

  return pr_test_query_value (db, sql);
}

static void
test_passage_pairs (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autofree char *reference = g_build_filename (sample->dir, "letters-reference.csv", NULL);
  g_autofree char *out = g_build_filename (sample->dir, "letters.csv", NULL);
  g_autofree char *expected = NULL, *got = NULL, *err = NULL;
  g_autofree char *kept = NULL, *reference_kept = NULL, *n_pairs = NULL, *chunks = NULL;
  int status;

  pr_test_execute (db, "SET SESSION group_concat_max_len = 16777216");
  pr_test_execute (db, "CREATE TABLE letters (id INT PRIMARY KEY, body TEXT)");
  pr_test_add_petition_groups (db, "letters", 700, 3);
  pr_test_execute (db, "CREATE DATABASE partsref");
  pr_test_execute (db, "CREATE DATABASE partsstore");
  g_assert_cmpint (scan_groups (NULL, "partsref", reference), ==, 0);
  n_pairs = pr_test_query_value (db, "SELECT SUM(n_pairs) FROM partsref.pr_part_pairs");
  g_assert_cmpstr (n_pairs, ==, "2100");

  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16384");
  status = scan_groups (&err, "partsstore", out);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (reference, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expected);
  reference_kept = kept_parts (db, "partsref");
  kept = kept_parts (db, "partsstore");
  g_assert_cmpstr (kept, ==, reference_kept);
  chunks = pr_test_query_value (db, "SELECT COUNT(*) > 1 FROM partsstore.pr_part_pairs");
  g_assert_cmpstr (chunks, ==, "1");

  /* The rescan takes them all. */
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&got, g_free);
  g_assert_cmpint (scan_groups (&err, "partsstore", out), ==, 0);
  g_assert_nonnull (strstr (err, "Passages: not matched again"));
  g_assert_true (g_file_get_contents (out, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expected);
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16777216");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();

  g_test_add_func ("/db/store-packet-size/small-packet", test_small_packet);
  g_test_add_func ("/db/store-packet-size/passage-pairs", test_passage_pairs);

  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
