/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The new repeats of a scan with the second stage are the pairs it judged
 * repeats. Two sample petitions of one template (an injury at work, two
 * companies) share passages and are a candidate pair the second stage
 * judges unlikely (about 0.2), so the scan keeps them apart; a new letter
 * repeating the first was reported by --new-repeats and `repeats` as a
 * repeat of both, exit 0. The oracle: the scan's own --pairs file, whose
 * pairs of the new record at the scan's probability (0.5) or more are the
 * new repeats.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("newjudged", __VA_ARGS__)

static const char injury_a[] =
  "我在西岚恒昌物流有限公司上班，2023年7月18日在搬运货物时不慎受伤，腰椎受伤，住院二十多天。出院后我向单位提出"
  "申请工伤认定，单位一直拖着不给提供材料，后来干脆不让我回去上班了。我是家里的顶梁柱，受伤以后一家人的生活都没"
  "了着落。为申请工伤认定单位不配合这件事，我们拨打过两三次12345，街道劳动保障所的人来看过，可问题还在。请人社"
  "部门依法为我进行工伤认定，督促单位承担相应责任。";
static const char injury_b[] =
  "本人是南屏市新港区的居民。\n我在南屏兴隆机械制造有限公司上班，2023年4月4日在搬运货物时不慎受伤，腰椎受伤，"
  "住院二十多天。出院后我向单位提出申请工伤认定，单位说我是自己操作不当，不算工伤，后来干脆不让我回去上班了。\n"
  "我是家里的顶梁柱，受伤以后一家人的生活都没了着落。\n周围邻居也有同样的遭遇，只是觉得反映了也没用。\n具体请求"
  "如下：一、请人社部门依法为我进行工伤认定，督促单位承担相应责任；二、请书面答复我本人。\n照片和聊天记录都在，"
  "需要随时提供。\n万分感谢！";

/* The pairs of --pairs with record "3", as "other,probability" lines. */
static GPtrArray *
pairs_of_new (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (f), ==, 6);
      if (g_str_equal (f[1], "3"))
        g_ptr_array_add (found, g_strdup_printf ("%s,%s", f[0], f[5]));
    }
  return found;
}

static void
test_judged_only (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "newjudged");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.csv", NULL);
  g_autofree char *insert = NULL, *written = NULL, *printed = NULL;
  g_autoptr(GPtrArray) candidates = NULL;
  GString *oracle = g_string_new ("id,existing_id,distance,kind\r\n");

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT)");
  insert = g_strdup_printf ("INSERT INTO t VALUES (1, '%s'), (2, '%s')", injury_a, injury_b);
  pr_test_execute (db, insert);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "newjudged", "--out", out, NULL), ==, 0);
  g_clear_pointer (&insert, g_free);
  insert = g_strdup_printf ("INSERT INTO t VALUES (3, '%s再次反映，请尽快处理！')", injury_a);
  pr_test_execute (db, insert);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "newjudged", "--out", out, "--pairs", pairs, "--new-repeats", fresh, NULL), ==, 0);

  /* The scan judged both pairs of record 3: one a repeat, one not. */
  candidates = pairs_of_new (pairs);
  g_assert_cmpuint (candidates->len, ==, 2);
  for (guint i = 0; i < candidates->len; i++)
    {
      const char *pair = candidates->pdata[i];
      double probability = g_ascii_strtod (strchr (pair, ',') + 1, NULL);

      g_test_message ("candidate 3,%s", pair);
      /* Record 1 is repeated; record 2 is the template's other letter. */
      if (pair[0] == '1')
        {
          g_assert_cmpfloat (probability, >=, 0.5);
          g_string_append (oracle, "3,1,");
        }
      else
        {
          g_assert_cmpint (pair[0], ==, '2');
          g_assert_cmpfloat (probability, <, 0.5);
        }
    }
  g_assert_true (g_file_get_contents (fresh, &written, NULL, NULL));
  g_test_message ("%s", written);
  g_assert_true (g_str_has_prefix (written, oracle->str));
  g_assert_null (strstr (written, "\r\n3,2,"));
  g_assert_cmpint (RUN (&printed, NULL, "repeats", "--db", "URI", "--table", "t", "--store", "newjudged", NULL), ==, 0);
  g_assert_cmpstr (printed, ==, written);
  g_string_free (oracle, TRUE);
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/scan-new-repeats-judged/judged-only", test_judged_only);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
