/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the part matcher's answer for a whole set depends on, so that a
 * rescan can take the pairs and boilerplate of an earlier match instead
 * of matching again: the matcher's version, the version of the rules
 * for one petitioner, its thresholds, the mapping
 * version (which columns, folding and part method make each record's
 * parts), each column's identity role (which values say two records are
 * one petitioner's, and so take the lower containment: the mapping
 * version leaves the roles out, so that a store's fingerprints outlive a
 * change of them), and every record in order, by its id and the hash of
 * what the mapping reads of it (pr-record-set.c). A record's parts, its
 * being too sparse to match and its petitioner evidence follow from
 * those; which phones are a front desk's and which parts are
 * boilerplate follow from all of them together. One record edited, added, removed or moved gives
 * another key, and the whole set is matched again.
 */
#define G_LOG_DOMAIN "pr-part-match-key"

#include "config.h"

#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-part-match-key.h"

/* Each column's name, framed by its length, and identity role. */
static void
hash_identity_roles (XXH3_state_t    *state,
                     const PrMapping *mapping)
{
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      guint64 head[2] = { GUINT64_TO_LE ((guint64) strlen (column->name)), GUINT64_TO_LE ((guint64) column->identity) };

      XXH3_64bits_update (state, head, sizeof head);
      XXH3_64bits_update (state, column->name, strlen (column->name));
    }
}

/**
 * pr_part_match_key:
 * @set: the records, read
 * @mapping: the mapping they were read with
 * @mapping_version: pr_fingerprint_version () of the scan
 * @options: the part matcher's thresholds
 *
 * Returns: a hash of everything pr_record_set_find_part_pairs () reads of
 *   @set and @options: two sets with equal keys have the same part pairs
 *   and boilerplate.
 */
guint64
pr_part_match_key (const PrRecordSet        *set,
                   const PrMapping          *mapping,
                   guint64                   mapping_version,
                   const PrPartMatchOptions *options)
{
  XXH3_state_t state;
  guint64 head[10];

  G_STATIC_ASSERT (sizeof (double) == sizeof (guint64));
  head[0] = PR_PART_MATCH_VERSION;
  head[1] = mapping_version;
  head[2] = options->max_records_per_part;
  memcpy (&head[3], &options->min_containment, sizeof head[3]);
  memcpy (&head[4], &options->min_containment_same_petitioner, sizeof head[4]);
  head[5] = options->min_shared_tokens;
  head[6] = set->identities != NULL;
  head[7] = set->n_records;
  head[8] = PR_IDENTITY_RULES_VERSION;
  head[9] = options->min_shared_tokens_short;
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    head[i] = GUINT64_TO_LE (head[i]);
  XXH3_64bits_reset (&state);
  XXH3_64bits_update (&state, head, sizeof head);
  hash_identity_roles (&state, mapping);
  for (gsize i = 0; i < set->n_records; i++)
    {
      const char *id = set->ids->pdata[i];
      /* The id framed by its length, so that no two lists of ids hash
       * alike by their joins, then its content hash. */
      guint64 length = GUINT64_TO_LE ((guint64) strlen (id)), content = GUINT64_TO_LE (set->content_hashes[i]);

      XXH3_64bits_update (&state, &length, sizeof length);
      XXH3_64bits_update (&state, id, strlen (id));
      XXH3_64bits_update (&state, &content, sizeof content);
    }
  return XXH3_64bits_digest (&state);
}
