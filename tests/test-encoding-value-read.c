/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The encoding check reads every value of a table and tells the bad-row
 * check what it found (pr_encoding_check_add_value ()): whether the value
 * is valid UTF-8 with no NUL, and whether it reads as mojibake (UTF-8
 * read as GBK, 鎴戞槸 for 我是), so that the bad-row check does not read
 * it again. A wrong word there would let a bad row through, silently.
 * Oracles: g_utf8_validate_len () and memchr () for the first;
 * the counts of pr_encoding_count_han_plain () for the second; and the bad-row check
 * told nothing, which reads every value itself, for the verdict on a row.
 * On random values of valid and invalid bytes, mojibake and rare
 * characters among them, and on values chosen by hand.
 */
#define G_LOG_DOMAIN "pr-test-encoding-value-read"

#include "config.h"

#include <string.h>

#include "pr-bad-row.h"
#include "pr-encoding-check.h"

/* Pieces of values: ASCII, common and rare ideographs, other scripts,
 * Latin-1 and CP1252 characters, C1 controls, UTF-8 Chinese read as
 * CP1252, UTF-8 Chinese read as GBK, NUL, and bytes that are no UTF-8
 * (GBK, overlong, surrogates, cut sequences). */
static const char *const pieces[] = {
  "a", " ", "2024-05-01 12:00:00", "中国", "信访", "我是住在西岚市", "龘", "\u3400", "\U00020000", "──",
  "Жизнь", "한", "·", "×", "é", "\xC2\x85", "\u2019", "\u2122", "\u2123", "\U0001F600", "ä¸­æ–‡", "Ã©",
  "鎴戞槸浣忓湪", "瑗垮矚甯備簯婧", "鍖烘柊鍗庤", "\xD6\xD0\xCE\xC4", "\xA4\xA4\xA4\xE5", "\xC0\x80",
  "\xED\xA0\x80", "\xE4\xB8", "\xFF", "\x80",
  /* lost characters and JSON escapes, which only the bad-row check sees */
  "?", "??", "\xEF\xBF\xBD", "\\u5c0f\\u533a",
};

/* What the check must say of @value, by the oracles. */
static PrEncodingValue
expected (const char *value,
          gsize       length)
{
  guint64 han = 0, common = 0;

  if (memchr (value, '\0', length) != NULL || !g_utf8_validate_len (value, length, NULL))
    return PR_ENCODING_VALUE_UNKNOWN;
  /* Mostly rare or foreign, with at least twelve ideographs and letters
   * (pr_encoding_text_looks_misread ()) or at least three of them rare
   * or foreign: worth reading back in another encoding. */
  pr_encoding_count_han_plain (value, length, &han, &common);
  g_assert_true (!pr_encoding_text_looks_misread (value, length) || (han >= 12 && common * 5 < han * 4));
  return common * 5 < han * 4 && (han >= 12 || han - common >= 3) ? PR_ENCODING_VALUE_LOOKS_MISREAD
                                                                  : PR_ENCODING_VALUE_READ_RIGHT;
}

/* The check's word on @value agrees with the oracles (a value it only
 * knows valid may stand for either verdict), and a row of it gets the
 * same verdict from the bad-row check told what the check found as from
 * one told nothing. */
static gboolean
assert_value (PrEncodingCheck *check,
              const PrMapping *mapping,
              const char      *value,
              gsize            length)
{
  const char *values[2] = { "7", value };
  gsize lengths[2] = { 1, length };
  PrEncodingValue known[2] = { PR_ENCODING_VALUE_UNKNOWN, PR_ENCODING_VALUE_UNKNOWN };
  PrEncodingValue want = expected (value, length);
  g_autofree char *reason = NULL;
  g_autofree char *reason_known = NULL;
  int column, column_known;

  pr_encoding_check_add_value (check, value, length, 1, &known[1]);
  if (known[1] != want && !(known[1] == PR_ENCODING_VALUE_UTF8 && want != PR_ENCODING_VALUE_UNKNOWN))
    g_error ("“%s” (%zu bytes): the check says %d, the oracles %d", g_strescape (value, NULL), length,
             known[1], want);
  column = pr_bad_row_check (mapping, values, lengths, PR_ADVICE_FLAGS, &reason);
  column_known = pr_bad_row_check_known (mapping, values, lengths, known, PR_ADVICE_FLAGS, &reason_known);
  g_assert_cmpint (column_known, ==, column);
  g_assert_cmpstr (reason_known, ==, reason);
  return reason != NULL;
}

static PrMapping *
id_body_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  return mapping;
}

/* Where the pieces of lost characters and escapes begin. */
#define LOST_PIECES 32

static void
test_random (void)
{
  guint refused_readable = 0;

  g_assert_cmpstr (pieces[LOST_PIECES], ==, "?");
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
  g_autoptr(PrMapping) mapping = id_body_mapping ();
  guint kinds[PR_ENCODING_VALUE_LOOKS_MISREAD + 1] = { 0 };

  for (int i = 0; i < 20000; i++)
    {
      g_autoptr(GString) value = g_string_new (NULL);
      int n = g_rand_int_range (rand, 0, 12);
      /* Some values mostly of mojibake or of plain Chinese, so that both
       * verdicts come out often. */
      int bias = i % 4 == 0 ? 22 : i % 4 == 1 ? 5 : i % 4 == 2 ? LOST_PIECES : -1;

      /* Chinese with lost characters and escapes between its words:
       * long enough to be judged for them */
      if (bias == LOST_PIECES)
        for (int k = 0, m = g_rand_int_range (rand, 8, 17); k < m; k++)
          g_string_append (value, pieces[k == 0 ? 5 : k % 2 == 0 ? 3 : LOST_PIECES + g_rand_int_range (rand, 0, 4)]);
      else
        for (int k = 0; k < n; k++)
          g_string_append (value, pieces[bias >= 0 && g_rand_int_range (rand, 0, 4) != 0
                                         ? bias + g_rand_int_range (rand, 0, 3)
                                         : g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      if (g_rand_int_range (rand, 0, 50) == 0)
        g_string_insert_c (value, g_rand_int_range (rand, 0, value->len + 1), '\0');
      if (assert_value (check, mapping, value->str, value->len) && expected (value->str, value->len) == PR_ENCODING_VALUE_READ_RIGHT)
        refused_readable++;
      kinds[expected (value->str, value->len)]++;
    }
  g_test_message ("%u unknown, %u read right, %u mojibake", kinds[PR_ENCODING_VALUE_UNKNOWN],
                  kinds[PR_ENCODING_VALUE_READ_RIGHT], kinds[PR_ENCODING_VALUE_LOOKS_MISREAD]);
  g_assert_cmpuint (kinds[PR_ENCODING_VALUE_UNKNOWN], >, 500);
  g_assert_cmpuint (kinds[PR_ENCODING_VALUE_READ_RIGHT], >, 500);
  g_assert_cmpuint (kinds[PR_ENCODING_VALUE_LOOKS_MISREAD], >, 500);
  /* valid text refused for lost characters or escapes, found by both */
  g_test_message ("%u read right but refused", refused_readable);
  g_assert_cmpuint (refused_readable, >, 100);
}

/* By hand: the check's one-pass reading (Chinese text, ASCII) and its full
 * one (Latin-1 letters, text with no character past CP1252's) both say
 * what they found. */
static void
test_by_hand (void)
{
  static const struct {
    const char *value;
    gsize length;
    PrEncodingValue read;
  } cases[] = {
    { "", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "A544016410", 10, PR_ENCODING_VALUE_READ_RIGHT },
    { "我是住在西岚市云溪区新华街九十八号的居民", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "鎴戞槸浣忓湪瑗垮矚甯備簯婧", 0, PR_ENCODING_VALUE_LOOKS_MISREAD },
    /* Two rare ideographs (a name) say nothing; three, or twelve, are
     * worth reading back in another encoding. */
    { "龘龘", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "张犇骉", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "龘龘龘", 0, PR_ENCODING_VALUE_LOOKS_MISREAD },
    { "龘龘龘龘龘龘龘龘龘龘龘龘", 0, PR_ENCODING_VALUE_LOOKS_MISREAD },
    { "Müller", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "Жизнь Жизнь Жизнь", 0, PR_ENCODING_VALUE_LOOKS_MISREAD },
    { "ab\0cd", 5, PR_ENCODING_VALUE_UNKNOWN },
    { "\xD6\xD0\xCE\xC4", 4, PR_ENCODING_VALUE_UNKNOWN },
    /* valid text the bad-row check still refuses: characters lost to "?"
     * between ideographs, and ideographs written as JSON escapes */
    { "我是住在??市??区新华街九十八号的居民??谢谢", 0, PR_ENCODING_VALUE_READ_RIGHT },
    { "{\"body\": \"\\u5c0f\\u533a\\u591c\\u95f4\"}", 0, PR_ENCODING_VALUE_READ_RIGHT },
  };
  g_autoptr(PrMapping) mapping = id_body_mapping ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
      gsize length = cases[i].length != 0 ? cases[i].length : strlen (cases[i].value);
      PrEncodingValue read;

      g_test_message ("case %u", i);
      pr_encoding_check_add_value (check, cases[i].value, length, 1, &read);
      g_assert_cmpint (read, ==, cases[i].read);
      if (i >= G_N_ELEMENTS (cases) - 2)
        g_assert_true (assert_value (check, mapping, cases[i].value, length));
      else
        assert_value (check, mapping, cases[i].value, length);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-check/value-read-random", test_random);
  g_test_add_func ("/engine/encoding-check/value-read-by-hand", test_by_hand);

  return g_test_run ();
}
