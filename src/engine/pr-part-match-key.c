/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the part matcher's answer for a whole set depends on, so that a
 * rescan can take the pairs and boilerplate of an earlier match instead
 * of matching again: the matcher's version, its thresholds, the mapping
 * version (which columns, folding and part method make each record's
 * parts), and every record in order, by its id and the hash of what the
 * mapping reads of it (pr-record-set.c). A record's parts, its being too
 * sparse to match and its petitioner evidence follow from those; which
 * phones are a front desk's and which parts are boilerplate follow from
 * all of them together. One record edited, added, removed or moved gives
 * another key, and the whole set is matched again.
 */
#define G_LOG_DOMAIN "pr-part-match-key"

#include "config.h"

#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-part-match-key.h"

static void
add_u64 (XXH3_state_t *state,
         guint64       value)
{
  value = GUINT64_TO_LE (value);
  XXH3_64bits_update (state, &value, sizeof value);
}

static void
add_double (XXH3_state_t *state,
            double        value)
{
  guint64 bits;

  G_STATIC_ASSERT (sizeof bits == sizeof value);
  memcpy (&bits, &value, sizeof bits);
  add_u64 (state, bits);
}

/**
 * pr_part_match_key:
 * @set: the records, read
 * @mapping_version: pr_fingerprint_version () of the scan
 * @options: the part matcher's thresholds
 *
 * Returns: a hash of everything pr_record_set_find_part_pairs () reads of
 *   @set and @options: two sets with equal keys have the same part pairs
 *   and boilerplate.
 */
guint64
pr_part_match_key (const PrRecordSet        *set,
                   guint64                   mapping_version,
                   const PrPartMatchOptions *options)
{
  XXH3_state_t state;

  XXH3_64bits_reset (&state);
  add_u64 (&state, PR_PART_MATCH_VERSION);
  add_u64 (&state, mapping_version);
  add_u64 (&state, options->max_records_per_part);
  add_double (&state, options->min_containment);
  add_double (&state, options->min_containment_same_petitioner);
  add_u64 (&state, options->min_shared_tokens);
  add_u64 (&state, set->identities != NULL);
  add_u64 (&state, set->n_records);
  for (gsize i = 0; i < set->n_records; i++)
    {
      const char *id = set->ids->pdata[i];
      gsize length = strlen (id);

      /* Framed by its length, so that no two lists of ids hash alike by
       * their joins. */
      add_u64 (&state, length);
      XXH3_64bits_update (&state, id, length);
      add_u64 (&state, set->content_hashes[i]);
    }
  return XXH3_64bits_digest (&state);
}
