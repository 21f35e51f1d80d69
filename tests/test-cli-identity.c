/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The identity flags of petition-review-cli (--name, --id-card, --phone,
 * --address) on CSV files: same_petitioner and identity_evidence in
 * scan --out, worked out by hand; their errors; eval --people against a
 * brute-force count of the pairs. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "pr-test-util.h"

static char *tmpdir;

static char *
write_file (const char *name,
            const char *contents)
{
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static int
run_cli (char **out,
         char **err,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *arg;

  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return pr_test_run_cli (out, err, (const char *const *) args->pdata);
}

/* One complaint, copied with punctuation changed: one cluster of every
 * record, whose primary is record 1 (the earliest). The identity columns
 * say, next to record 1 (张伟, ID card 11010519491231002X, 138-0000-1111,
 * 东川市新华街1号):
 *   2  the same ID card in its 15-digit form, another name:    1, id_card
 *   3  the same mobile, in the second phone column, +86:       1, phone
 *   4  张伟 at another address, another phone:                  empty
 *      (a person has several phones and moves: no evidence either way)
 *   5  张 伟 at the same address, no phone, no ID card:         1, name_and_address
 *   6  a masked name and a masked phone:                       empty
 *   7  another name, the same phone (a family's):              0
 *   8  张伟, the ID card mistyped (no evidence), nothing else:  empty */
static const char records_csv[] =
  "id,date,name,id_card,phone,phone2,address,body\n"
  "1,2024-01-01,张伟,11010519491231002X,138-0000-1111,,东川市新华街1号,%s\n"
  "2,2024-01-02,张卫,110105491231002,,,,%s。\n"
  "3,2024-01-03,,,,+86 13800001111,,%s！\n"
  "4,2024-01-04,张伟,,13900002222,,北泽市和平路2号,%s？\n"
  "5,2024-01-05,张 伟,,,,东川市 新华街1号,%s！！\n"
  "6,2024-01-06,张*,,138****1111,,,%s。。\n"
  "7,2024-01-07,李娜,,13800001111,,,%s……\n"
  "8,2024-01-08,张伟,110105194912310021,,,,%s；\n";

static const char body[] =
  "我家楼下的烧烤店每天晚上营业到凌晨两点，油烟和噪音严重影响休息，多次向街道反映没有结果，请有关部门依法处理";

static const char *const expected[][2] = {
  { "", "" }, { "1", "id_card" }, { "1", "phone" }, { "", "" }, { "1", "name_and_address" }, { "", "" },
  { "0", "" }, { "", "" },
};

static void
test_scan_evidence (void)
{
  g_autofree char *csv = g_strdup_printf (records_csv, body, body, body, body, body, body, body, body);
  g_autofree char *records = write_file ("identities.csv", csv);
  g_autofree char *clusters = g_build_filename (tmpdir, "identity-clusters.csv", NULL);
  g_autofree char *text = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run_cli (NULL, &err, "scan", records, "--id", "id", "--date", "date", "--text", "body",
                            "--name", "name", "--id-card", "id_card", "--phone", "phone", "--phone", "phone2",
                            "--address", "address", "--out", clusters, NULL), ==, 0);
  /* The mistyped ID card and the masked values are counted. */
  g_assert_nonnull (strstr (err, "1 ID card number invalid"));
  g_assert_nonnull (strstr (err, "2 masked values"));
  g_assert_true (g_file_get_contents (clusters, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      guint id = atoi (fields[1]);

      g_assert_cmpuint (g_strv_length (fields), ==, 12);
      g_assert_cmpstr (fields[0], ==, "1");
      g_assert_cmpstr (fields[2], ==, "1");
      g_assert_cmpuint (id, >=, 1);
      g_assert_cmpuint (id, <=, G_N_ELEMENTS (expected));
      g_test_message ("record %u", id);
      g_assert_cmpstr (fields[4], ==, expected[id - 1][0]);
      g_assert_cmpstr (fields[6], ==, expected[id - 1][1]);
    }
  g_assert_cmpuint (g_strv_length (lines), >=, 9);
}

/* The flags that would give the mapping again name the identity roles. */
static void
test_explain_same_petitioner (void)
{
  g_autofree char *csv = g_strdup_printf (records_csv, body, body, body, body, body, body, body, body);
  g_autofree char *records = write_file ("identities-explain.csv", csv);
  g_autofree char *out = NULL;

  /* 1 and 3 share a phone across columns: explain says the lower bar. */
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "1", "3", "--id", "id", "--text", "body",
                            "--containment", "0.9", "--containment-same", "0.1",
                            "--phone", "phone", "--phone", "phone2", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "a match needs 0.10"));
  g_clear_pointer (&out, g_free);
  /* 1 and 4: two 张伟, no evidence: the usual bar. */
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "1", "4", "--id", "id", "--text", "body",
                            "--containment", "0.9", "--containment-same", "0.1",
                            "--name", "name", "--phone", "phone", "--phone", "phone2", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "a match needs 0.90"));
}

static void
test_flag_errors (void)
{
  g_autofree char *csv = g_strdup_printf (records_csv, body, body, body, body, body, body, body, body);
  g_autofree char *records = write_file ("identities-errors.csv", csv);
  g_autofree char *err = NULL;

  /* A text column cannot tell who wrote. */
  g_assert_cmpint (run_cli (NULL, &err, "scan", records, "--text", "body", "--phone", "body", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--phone body"));
  g_assert_nonnull (strstr (err, "must be a short column too"));
  g_clear_pointer (&err, g_free);
  /* One column, two roles. */
  g_assert_cmpint (run_cli (NULL, &err, "scan", records, "--text", "body", "--phone", "phone", "--name", "phone",
                            NULL), ==, 2);
  g_assert_nonnull (strstr (err, "given both as name and as phone"));
  g_clear_pointer (&err, g_free);
  /* A missing column is named. */
  g_assert_cmpint (run_cli (NULL, &err, "scan", records, "--text", "body", "--id-card", "sfz", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "sfz"));
}

/* eval --people, against a count by hand: 1, 2, 3, 5 and 8 are one person
 * (张伟), 4, 6 and 7 each another, so C(5,2) = 10 true pairs. */
static void
test_eval_people (void)
{
  g_autofree char *csv = g_strdup_printf (records_csv, body, body, body, body, body, body, body, body);
  g_autofree char *records = write_file ("identities-eval.csv", csv);
  g_autofree char *people = write_file ("people.csv", "id,person\n1,a\n2,a\n3,a\n4,b\n5,a\n6,c\n7,d\n8,a\n");
  g_autofree char *out = NULL;

  /* Found, by hand: 1–2 id_card; 1–3 phone; 1–5 name_and_address; 2–5 and
   * 2–8 nothing (2 is 张卫); 3–5, 3–8 nothing; 5–8 nothing (8 has no
   * address); 1–8 nothing (8's ID card is mistyped); 2–3 nothing. 3–7: the
   * same phone, 7 李娜 and 3 no name: phone — a wrong pair (7 is another
   * person sharing the phone). So 4 found, 3 right, of 10 true pairs. */
  g_assert_cmpint (run_cli (&out, NULL, "eval", "--records", records, "--id", "id", "--text", "body",
                            "--name", "name", "--id-card", "id_card", "--phone", "phone", "--phone", "phone2",
                            "--address", "address", "--people", people, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Same person: precision 0.7500 (3 of 4 pairs found), recall 0.3000 (3 of 10 pairs)"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/identity/scan-evidence", test_scan_evidence);
  g_test_add_func ("/cli/identity/explain", test_explain_same_petitioner);
  g_test_add_func ("/cli/identity/flag-errors", test_flag_errors);
  g_test_add_func ("/cli/identity/eval-people", test_eval_people);

  status = g_test_run ();
  pr_test_remove_tree (tmpdir);
  g_free (tmpdir);
  return status;
}
