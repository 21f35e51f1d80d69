/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "pr-short-pairs.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/short-pairs/oracle", test_oracle);
  g_test_add_func ("/engine/short-pairs/template", test_template);
  g_test_add_func ("/engine/short-pairs/window", test_window);
  return g_test_run ();
}
