/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One record's part, as an index of every stored record's parts holds it:
 * 12 bytes, since a table of 10^6 records has some 54 million. */
typedef struct __attribute__ ((packed)) {
  guint64 hash : 56;   /* a PrPart's hash */
  guint64 words : 8;   /* the most words the record has for it */
  guint32 record;
} PrPartEntry;

G_STATIC_ASSERT (sizeof (PrPartEntry) == 12);

void  pr_part_entries_sort   (PrPartEntry *entries,
                              gsize        n);
gsize pr_part_entries_unique (PrPartEntry *entries,
                              gsize        n);

G_END_DECLS
