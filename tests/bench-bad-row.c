/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test: what the bad-row check costs on one long value of shapes
 * that make a scan go back over what it has read (a one-line base64 run,
 * "+" after "+", an HTML letter with an inline image, a dotted or dashed
 * run, escapes, spaces, hex groups, words, a run of signs, encoded-words,
 * uuencode's lines); prints the processor time of each and the
 * check's answer, which two builds that read alike print equal.
 *
 *   bench-bad-row [MEBIBYTES]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pr-bad-row.h"

/* @length bytes of random base64, as an encoder writes it, one line. */
static void
random_base64 (GString *s,
               gsize    length)
{
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  for (gsize i = 0; i < length; i++)
    g_string_append_c (s, alphabet[g_rand_int_range (rand, 0, 64)]);
}

/* @pattern repeated to @length bytes. */
static void
repeated (GString    *s,
          const char *pattern,
          gsize       length)
{
  gsize start = s->len;

  while (s->len - start < length)
    g_string_append (s, pattern);
}

int
main (int    argc,
      char **argv)
{
  static const char *const names[] = {
    "one-line base64", "\"+\" alone", "HTML letter, inline image", "a.a.a.", "a-a-a-", "a+a+a+",
    "U+U+U+", "%u%u%u", "=\\n=\\n", "spaces", "e6 e6 (hex dump)", "xn--", "e6:e6: (hex groups)",
    "0x0x0x", "ab ab (words)", "aaa (bare Punycode)", "!#$% (base85)", "=?utf-8?B?5bCPabc… (no end)",
    "=?x?B?5bCP?= (word run)", "!!!!! (uuencode lines)",
  };
  gsize length = (gsize) ((argc > 1 ? atof (argv[1]) : 1.0) * 1024 * 1024);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();

  if (length == 0 || length > PR_BAD_ROW_MAX_VALUE_BYTES)
    {
      g_printerr ("usage: bench-bad-row [MEBIBYTES] (at most 16)\n");
      return 2;
    }
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 0, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GString) s = g_string_new (NULL);
      g_autofree char *reason = NULL, *shown = NULL;
      const char *values[1];
      gsize lengths[1];
      double cpu;
      int column;

      switch (i)
        {
        case 0: random_base64 (s, length); break;
        case 1: repeated (s, "+", length); break;
        case 2:
          g_string_append (s, "<html><body><p>来信人反映小区夜间施工噪音扰民，附照片：</p><img src=\"data:image/png;base64,");
          random_base64 (s, length);
          g_string_append (s, "\"></body></html>");
          break;
        /* A space: the escapes are looked for only then. */
        case 3: repeated (s, "a.", length); g_string_append_c (s, ' '); break;
        case 4: repeated (s, "a-", length); g_string_append_c (s, ' '); break;
        case 5: repeated (s, "a+", length); break;
        case 6: repeated (s, "U+", length); break;
        case 7: repeated (s, "%u", length); break;
        case 8: repeated (s, "=\n", length); break;
        case 9: repeated (s, " ", length); break;
        case 10: repeated (s, "e6 ", length); break;
        case 11:
          g_string_append (s, "xn--");
          repeated (s, "a", length);
          break;
        case 12: repeated (s, "e6:", length); break;
        case 13: repeated (s, "0x", length); break;
        case 14: repeated (s, "ab ", length); break;
        case 15: repeated (s, "a", length); break;
        case 16: repeated (s, "!#$%", length); break;
        case 17: repeated (s, "=?utf-8?B?5bCPabcdefghijklmnopqrstuvwxyz ", length); break;
        case 18: repeated (s, "=?x-none?B?5bCP?= ", length); break;
        default: repeated (s, "!!!!!\n", length); break;
        }
      values[0] = s->str;
      lengths[0] = s->len;
      cpu = (double) clock () / CLOCKS_PER_SEC;
      column = pr_bad_row_check (mapping, values, lengths, PR_ADVICE_FLAGS, &reason);
      cpu = (double) clock () / CLOCKS_PER_SEC - cpu;
      shown = column < 0 ? g_strdup ("text") : g_utf8_substring (reason, 0, 40);
      printf ("%-28s %8zu bytes: %7.3f s CPU (%s%s)\n", names[i], s->len, cpu, column < 0 ? "" : "refused: ", shown);
    }
  return 0;
}
