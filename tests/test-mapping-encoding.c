/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether two --column-encoding names are one encoding is decided as the
 * column is decoded, by iconv: the expectations are glibc iconv's own
 * (UCS-2 writes no byte order mark, UTF-16 does; CP1252 reads 0x80 as €,
 * ISO-8859-1 as U+0080).
 */
#include "config.h"

#include <glib.h>

#include "pr-mapping.h"

static void
test_same_encoding (void)
{
  const struct {
    const char *a, *b;
    gboolean    same;
  } cases[] = {
    { "gb18030", "GB18030", TRUE },
    { "utf8", "UTF-8", TRUE },
    { "UTF-8", "UTF8", TRUE },
    { "UCS-2", "UTF-16", FALSE },
    { "ISO-8859-1", "CP1252", FALSE },
    { "GBK", "GB18030", FALSE },
    { "GBK", "KLINGON-8", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s, %s", cases[i].a, cases[i].b);
      g_assert_cmpint (pr_mapping_same_encoding (cases[i].a, cases[i].b), ==, cases[i].same);
      g_assert_cmpint (pr_mapping_same_encoding (cases[i].b, cases[i].a), ==, cases[i].same);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/mapping/same-encoding", test_same_encoding);

  return g_test_run ();
}
