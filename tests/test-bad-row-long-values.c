/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Long values of shapes that a notation's scan could read again from
 * each of their characters: a run of "+" (each a UTF-7 run's start), a
 * one-line base64 run (an HTML letter's inline image), a.a.a. (each "a"
 * a link's scheme), and the runs of hex groups, Punycode's words,
 * base85's signs, encoded-words and uuencode's lines. Any value up to
 * 16 MiB passes the bad-row check; these, 256 KiB each (32 KiB under
 * valgrind), are judged in a few milliseconds, as each is read once. Oracle: none of them
 * writes Chinese in a notation, so each is text; a letter with an
 * inline image has its text plainly.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-long-values"

#include "config.h"

#include <string.h>

#include "pr-bad-row.h"
#include "pr-test-util.h"

/* 32 KiB under valgrind, which runs a program some fifty times slower. */
static gsize length;
#define LENGTH length

/* The column @value is refused in, or -1; the reason in @reason. */
static int
check (const char  *value,
       gsize        length,
       char       **reason)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  const char *values[] = { value };
  gsize lengths[] = { length };

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 0, NULL));
  return pr_bad_row_check (mapping, values, lengths, PR_ADVICE_FLAGS, reason);
}

static void
assert_text (const GString *s)
{
  g_autofree char *reason = NULL;

  g_assert_cmpint (check (s->str, s->len, &reason), ==, -1);
  g_assert_null (reason);
}

/* @pattern repeated to LENGTH bytes. */
static GString *
repeated (const char *pattern)
{
  GString *s = g_string_new (NULL);

  while (s->len < LENGTH)
    g_string_append (s, pattern);
  return s;
}

static void
test_plus_signs (void)
{
  g_autoptr(GString) s = repeated ("+");

  assert_text (s);
}

/* Base64 of bytes from a fixed seed, one line, as an encoder writes an
 * inline image. */
static void
test_inline_image (void)
{
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  g_autoptr(GString) s = g_string_new ("来信人反映小区夜间施工噪音扰民，工地围挡破损，居民无法休息，附照片："
                                       "<img src=\"data:image/png;base64,");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (gsize i = 0; i < LENGTH; i++)
    g_string_append_c (s, alphabet[g_rand_int_range (rand, 0, 64)]);
  g_string_append (s, "\">");
  assert_text (s);
}

static void
test_dotted (void)
{
  g_autoptr(GString) s = repeated ("a.");

  /* A space: the escapes are looked for only in a value with one. */
  g_string_append_c (s, ' ');
  assert_text (s);
}

/* Runs a notation's reader walks: "0x" prefixes with no digit, words
 * each read as Punycode, one word of letters read as Punycode without
 * "xn--", a run of base85's signs; encoded-words' starts with no end,
 * one long run of encoded-words of a charset no converter knows, lines
 * of uuencode that decode to control characters. */
static void
test_notation_runs (void)
{
  static const char *const patterns[] = { "0x", "ab ", "a", "!#$%", "=?utf-8?B?5bCPabcdefghijklmnopqrstuvwxyz ",
                                          "=?x-none?B?5bCP?= ", "!!!!!\n" };

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autoptr(GString) s = repeated (patterns[i]);

      assert_text (s);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  length = (gsize) pr_test_size (256, 32) * 1024;

  g_test_add_func ("/engine/bad-row-long-values/plus-signs", test_plus_signs);
  g_test_add_func ("/engine/bad-row-long-values/inline-image", test_inline_image);
  g_test_add_func ("/engine/bad-row-long-values/dotted", test_dotted);
  g_test_add_func ("/engine/bad-row-long-values/notation-runs", test_notation_runs);

  return g_test_run ();
}
