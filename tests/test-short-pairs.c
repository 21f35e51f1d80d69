/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "pr-short-pairs.h"
#include "pr-test-util.h"

#define N_BODIES 80

typedef struct {
  guint32 a, b;
  double  containment;
} Found;

static void
collect (guint32  a,
         guint32  b,
         double   containment,
         gpointer user_data)
{
  Found found = { a, b, containment };

  g_array_append_val ((GArray *) user_data, found);
}

/* A body's distinct 3-grams, as strings of three characters. */
static GHashTable *
grams_of (const char *body)
{
  GHashTable *grams = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  glong n = g_utf8_strlen (body, -1);

  for (glong i = 0; i + 3 <= n; i++)
    {
      const char *start = g_utf8_offset_to_pointer (body, i);
      const char *end = g_utf8_offset_to_pointer (body, i + 3);

      g_hash_table_add (grams, g_strndup (start, end - start));
    }
  return grams;
}

/* The oracle: every two bodies in the window compared, their 3-grams
 * counted in every body in the window. */
static GArray *
brute_force (char                    **bodies,
             guint                     n,
             const PrShortPairOptions *options)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (Found));
  GHashTable **grams = g_new0 (GHashTable *, n);
  GHashTable *df = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < n; i++)
    {
      glong chars = g_utf8_strlen (bodies[i], -1);
      GHashTableIter iter;
      gpointer gram;

      if (chars < (glong) options->min_chars || chars > (glong) options->max_chars)
        continue;
      grams[i] = grams_of (bodies[i]);
      g_hash_table_iter_init (&iter, grams[i]);
      while (g_hash_table_iter_next (&iter, &gram, NULL))
        g_hash_table_insert (df, gram, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (df, gram)) + 1));
    }
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        guint shared = 0, smaller;
        GHashTableIter iter;
        gpointer gram;

        if (grams[i] == NULL || grams[j] == NULL)
          continue;
        g_hash_table_iter_init (&iter, grams[i]);
        while (g_hash_table_iter_next (&iter, &gram, NULL))
          if (g_hash_table_contains (grams[j], gram) &&
              GPOINTER_TO_UINT (g_hash_table_lookup (df, gram)) <= options->max_records)
            shared++;
        smaller = MIN (g_hash_table_size (grams[i]), g_hash_table_size (grams[j]));
        if ((double) shared / smaller >= options->min_containment)
          {
            Found pair = { i, j, (double) shared / smaller };

            g_array_append_val (found, pair);
          }
      }
  g_hash_table_unref (df);
  for (guint i = 0; i < n; i++)
    g_clear_pointer (&grams[i], g_hash_table_unref);
  g_free (grams);
  return found;
}

/* Random bodies over a few characters (so that 3-grams recur, some in
 * many bodies), a share of them copies of another with characters
 * changed, inserted or deleted. */
static char **
random_bodies (GRand *rand,
               guint  n)
{
  static const char *alphabet[] = { "区", "路", "小", "学", "的", "a", "1", "，", "噪", "音", "扰", "民" };
  char **bodies = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      GString *body = g_string_new (NULL);

      if (i > 0 && g_rand_int_range (rand, 0, 3) == 0)
        {
          const char *from = bodies[g_rand_int_range (rand, 0, (gint32) i)];
          glong length = g_utf8_strlen (from, -1);

          for (glong c = 0; c < length; c++)
            {
              const char *p = g_utf8_offset_to_pointer (from, c);
              int change = g_rand_int_range (rand, 0, 10);

              if (change == 0)
                continue;
              if (change == 1)
                g_string_append (body, alphabet[g_rand_int_range (rand, 0, G_N_ELEMENTS (alphabet))]);
              g_string_append_len (body, p, g_utf8_next_char (p) - p);
            }
        }
      else
        {
          gint32 length = g_rand_int_range (rand, 0, 60);

          for (gint32 c = 0; c < length; c++)
            g_string_append (body, alphabet[g_rand_int_range (rand, 0, G_N_ELEMENTS (alphabet))]);
        }
      bodies[i] = g_string_free (body, FALSE);
    }
  return bodies;
}

static void
test_oracle (void)
{
  static const PrShortPairOptions cases[] = {
    { 15, 50, 2, 0.5 },
    { 15, 50, 5, 0.5 },
    { 10, 60, 12, 0.3 },
    { 20, 40, 30, 0.6 },
    { 0, 100, 1000, 0.2 },
  };
  guint64 n_found = 0;

  for (guint32 seed = 1; seed <= 20; seed++)
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        g_auto(GStrv) bodies = random_bodies (rand, N_BODIES);
        g_autoptr(GArray) expected = brute_force (bodies, N_BODIES, &cases[c]);
        g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Found));
        g_autoptr(PrShortPairs) pairs = pr_short_pairs_new (&cases[c]);

        for (guint i = 0; i < N_BODIES; i++)
          pr_short_pairs_count (pairs, bodies[i], -1);
        for (guint i = 0; i < N_BODIES; i++)
          pr_short_pairs_add (pairs, i, bodies[i], -1);
        pr_short_pairs_foreach (pairs, collect, found);
        g_assert_cmpuint (found->len, ==, expected->len);
        for (guint i = 0; i < found->len; i++)
          {
            Found *f = &g_array_index (found, Found, i), *e = &g_array_index (expected, Found, i);

            g_assert_cmpuint (f->a, ==, e->a);
            g_assert_cmpuint (f->b, ==, e->b);
            g_assert_cmpfloat (f->containment, ==, e->containment);
          }
        n_found += found->len;
      }
  /* The cases must find pairs, or the comparison says little. */
  g_assert_cmpuint (n_found, >, 200);
}

static void
add_or_count (PrShortPairs *pairs,
              gboolean      count,
              guint32       id,
              const char   *body)
{
  if (count)
    pr_short_pairs_count (pairs, body, -1);
  else
    pr_short_pairs_add (pairs, id, body, -1);
}

/* A form letter's sentences in 200 short bodies: its 3-grams are in more
 * bodies than the cap, so the letters are no candidates of each other,
 * while a reworded copy of one of them still is. */
static void
template_letters (PrShortPairs *pairs,
                  gboolean      count)
{
  static const char *places[] = { "金星小区", "银湖花园", "东塘街道", "雨花亭", "洞井铺", "黎托乡",
                                   "望城坡", "星沙镇", "暮云村", "高塘岭" };
  static const char *matters[] = { "夜间施工噪音", "垃圾站臭气", "路灯不亮", "停车收费", "物业涨价",
                                   "积水漫路", "广场舞扰民", "电梯故障", "学位不足", "公交改线",
                                   "违建占道", "水压太低", "燃气漏检", "绿地被占", "油烟直排",
                                   "充电桩少", "快递乱放", "渣土车多", "门禁失灵", "水质发黄" };
  guint n = 0;

  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    for (guint m = 0; m < G_N_ELEMENTS (matters); m++)
      {
        g_autofree char *body = g_strdup_printf ("尊敬的领导您好，我是%s的居民，现反映%s的问题，"
                                                 "希望有关部门尽快调查处理，给群众一个满意的答复，谢谢！",
                                                 places[p], matters[m]);

        add_or_count (pairs, count, n++, body);
      }
  /* The first letter in other words, twice. */
  add_or_count (pairs, count, n++, "金星小区夜间施工噪音太大，晚上十二点还在打桩，居民无法休息，请领导尽快调查处理");
  add_or_count (pairs, count, n++, "金星小区夜里施工噪音太大，半夜十二点还在打桩，居民都无法休息，望尽快处理");
}

/* Both passes, as pr_short_pairs_find_in_set () makes them. */
static void
add_template_letters (PrShortPairs *pairs)
{
  template_letters (pairs, TRUE);
  template_letters (pairs, FALSE);
}

static void
test_template (void)
{
  PrShortPairOptions options;
  g_autoptr(PrShortPairs) pairs = NULL;
  g_autoptr(PrShortPairs) uncapped = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Found));

  pr_short_pair_options_default (&options);
  pairs = pr_short_pairs_new (&options);
  add_template_letters (pairs);
  pr_short_pairs_foreach (pairs, collect, found);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpuint (g_array_index (found, Found, 0).a, ==, 200);
  g_assert_cmpuint (g_array_index (found, Found, 0).b, ==, 201);

  /* Without the cap the letters are candidates of each other by the
   * thousand: the cap is what holds. */
  options.max_records = G_MAXUINT;
  uncapped = pr_short_pairs_new (&options);
  add_template_letters (uncapped);
  g_array_set_size (found, 0);
  pr_short_pairs_foreach (uncapped, collect, found);
  g_assert_cmpuint (found->len, >, 1000);
}

/* Outside the window of lengths a body is not kept. */
static void
test_window (void)
{
  PrShortPairOptions options;
  g_autoptr(PrShortPairs) pairs = NULL;

  pr_short_pair_options_default (&options);
  pairs = pr_short_pairs_new (&options);
  g_assert_false (pr_short_pairs_count (pairs, "路灯不亮", -1));
  g_assert_true (pr_short_pairs_count (pairs, "金星小区夜间施工噪音太大，居民晚上无法休息", -1));
  g_assert_false (pr_short_pairs_count (pairs, NULL, -1));
  g_assert_false (pr_short_pairs_add (pairs, 0, "路灯不亮", -1));
  g_assert_true (pr_short_pairs_add (pairs, 1, "金星小区夜间施工噪音太大，居民晚上无法休息", -1));
  g_assert_false (pr_short_pairs_add (pairs, 2, NULL, -1));
}

static gunichar
common_at (const char *common,
           gint32      i)
{
  return g_utf8_get_char (g_utf8_offset_to_pointer (common, i));
}

/* Records of common ideographs, drawn from some 500, so that 3-grams are
 * rare, a third of them copies of an earlier one with characters
 * changed, inserted or deleted: short pairs by the hundred. Some are too
 * long or too short for the window. */
static char **
generated_bodies (GRand *rand,
                  guint  n)
{
  static const char common[] = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严";
  glong n_common = g_utf8_strlen (common, -1);
  char **bodies = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      GString *body = g_string_new (NULL);

      if (i > 0 && g_rand_int_range (rand, 0, 3) == 0)
        {
          const char *from = bodies[g_rand_int_range (rand, 0, (gint32) i)];

          for (const char *p = from; *p != '\0'; p = g_utf8_next_char (p))
            {
              int change = g_rand_int_range (rand, 0, 12);

              if (change == 0)
                continue;
              if (change == 1)
                g_string_append_unichar (body, common_at (common, g_rand_int_range (rand, 0, (gint32) n_common)));
              g_string_append_len (body, p, g_utf8_next_char (p) - p);
            }
        }
      else
        {
          gint32 length = g_rand_int_range (rand, 10, 300);

          for (gint32 c = 0; c < length; c++)
            g_string_append_unichar (body, common_at (common, g_rand_int_range (rand, 0, (gint32) n_common)));
        }
      bodies[i] = g_string_free (body, FALSE);
    }
  return bodies;
}

static guint
count_lines (const char *text,
             const char *start)
{
  guint n = 0;

  for (const char *p = text; p != NULL && *p != '\0'; p = strchr (p, '\n'), p = p != NULL ? p + 1 : NULL)
    n += g_str_has_prefix (p, start);
  return n;
}

/* What pr_short_pairs_find_in_set () gives, written out in order. */
static void
write_pair (guint32  a,
            guint32  b,
            double   containment,
            gpointer user_data)
{
  g_string_append_printf (user_data, "pair %u %u %.17g\n", a, b, containment);
}

static void
write_body (guint32        index,
            const guint64 *grams,
            guint          n_grams,
            guint          n_distinct,
            gpointer       user_data)
{
  g_string_append_printf (user_data, "body %u %u:", index, n_distinct);
  for (guint i = 0; i < n_grams; i++)
    g_string_append_printf (user_data, " %" G_GINT64_MODIFIER "x", grams[i]);
  g_string_append_c (user_data, '\n');
}

/* The threads change neither the pairs nor their order nor the bodies
 * handed on: a generated set read from a record set with 1, 2 and 3
 * threads, and by the count and add of one body at a time. */
static void
test_threads (void)
{
  /* Three blocks of the search, each read chunk's records split among
   * the threads; under valgrind, two chunks. */
  const guint n = pr_test_size (3000, 1100);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_auto(GStrv) bodies = generated_bodies (rand, n);
  g_autoptr(GString) csv = g_string_new ("id,body\n");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) one = g_string_new (NULL);
  g_autoptr(GString) by_body = g_string_new (NULL);
  g_autoptr(PrShortPairs) pairs = NULL;
  PrShortPairOptions options;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (csv, "%u,%s\n", i, bodies[i]);
  set = pr_test_load_id_body_csv_texts (csv->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, n);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  pr_short_pair_options_default (&options);

  g_assert_true (pr_short_pairs_find_in_set (mapping, set, &options, 1, write_pair, write_body, one, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_lines (one->str, "pair "), >, n / 6);
  g_assert_cmpuint (count_lines (one->str, "body "), >, n * 2 / 3);
  g_assert_cmpuint (count_lines (one->str, "body "), <, n);
  g_test_message ("%u pairs, %u short bodies", count_lines (one->str, "pair "), count_lines (one->str, "body "));
  for (guint n_threads = 2; n_threads <= 3; n_threads++)
    {
      g_autoptr(GString) many = g_string_new (NULL);

      g_assert_true (pr_short_pairs_find_in_set (mapping, set, &options, n_threads, write_pair, write_body, many,
                                                 NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (many->str, ==, one->str);
    }

  /* The pairs, one body at a time, searched with 3 threads. */
  pairs = pr_short_pairs_new (&options);
  for (guint i = 0; i < n; i++)
    pr_short_pairs_count (pairs, bodies[i], -1);
  for (guint i = 0; i < n; i++)
    pr_short_pairs_add (pairs, i, bodies[i], -1);
  pr_short_pairs_set_n_threads (pairs, 3);
  pr_short_pairs_foreach (pairs, write_pair, by_body);
  g_assert_cmpstr (by_body->str, ==, strstr (one->str, "pair "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/short-pairs/oracle", test_oracle);
  g_test_add_func ("/engine/short-pairs/template", test_template);
  g_test_add_func ("/engine/short-pairs/window", test_window);
  g_test_add_func ("/engine/short-pairs/threads", test_threads);
  return g_test_run ();
}
