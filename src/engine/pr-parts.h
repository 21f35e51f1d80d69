/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-identity.h"

G_BEGIN_DECLS

/* A part of a record's text: a clause, or a window of a long one. Eight
 * bytes, because a table holds some twenty for every record: a 56-bit hash
 * keeps chance collisions rare even among 10^9 parts. */
typedef struct {
  guint64 hash : 56;      /* of its words, in order */
  guint64 n_tokens : 8;   /* at most PR_PART_MAX_TOKENS; for a shingle, the words it stands for */
} PrPart;

G_STATIC_ASSERT (sizeof (PrPart) == 8);

/* Parts shorter than this are not kept ("您好", "谢谢"): they say nothing
 * about which matter a record is. */
#define PR_PART_MIN_TOKENS 4
/* A longer clause is cut into windows of this many words, so that one
 * edit does not lose a whole paragraph written without full stops. 16
 * rather than 32: on the labelled petitions 2 more repeats found at every
 * k and no more false ones, on the bundled sample 6 more (docs/design.md, "Passages").
 * Changing it changes the fingerprints' version (pr_fingerprint_describe ()),
 * so that parts stored under the old one are cut again. */
#define PR_PART_MAX_TOKENS 16

/* How a record is cut into parts: its clauses (the default), or winnowed
 * word shingles (Schleimer, Wilkerson and Aiken, "Winnowing: local
 * algorithms for document fingerprinting", SIGMOD 2003): every run of
 * shingle_words words is hashed, punctuation left out, and the smallest
 * hash of every shingle_window consecutive ones is kept, so that any run
 * of at least shingle_words + shingle_window - 1 words two texts share
 * gives a part they share, whatever commas were added or taken away. */
typedef enum {
  PR_PART_KIND_DEFAULT,  /* whichever of the two the evaluation chose */
  PR_PART_KIND_CLAUSES,
  PR_PART_KIND_SHINGLES,
} PrPartKind;

/* Chosen by the evaluation (docs/evaluation.md, "The passages' thresholds"). */
#define PR_PART_DEFAULT_KIND PR_PART_KIND_SHINGLES

typedef struct {
  PrPartKind kind;       /* PR_PART_KIND_DEFAULT: PR_PART_DEFAULT_KIND */
  guint      shingle_words;   /* q; 0: PR_PART_DEFAULT_SHINGLE_WORDS */
  guint      shingle_window;  /* w; 0: PR_PART_DEFAULT_SHINGLE_WINDOW */
} PrPartMethod;

/* The best of the grid in docs/evaluation.md on the labelled petitions
 * (q 4 to 6, w 4 to 8): five words, windows of six, so that any ten words
 * two texts share in a row make them share a part. */
#define PR_PART_DEFAULT_SHINGLE_WORDS 5
#define PR_PART_DEFAULT_SHINGLE_WINDOW 6
#define PR_PART_MAX_SHINGLE_WORDS 16
#define PR_PART_MAX_SHINGLE_WINDOW 64

/* Builds a record's parts from its words as the tokenizer gives them. */
typedef struct {
  GArray  *parts;     /* PrPart */
  guint64  hash;
  guint32  n_tokens;
  /* Shingles: the last q words' hashes and the last w shingles' (rings,
   * by absolute position), how many of each this text has given, and the
   * position of the last one kept (G_MAXUINT64: none yet). */
  PrPartMethod method;
  guint64  words[PR_PART_MAX_SHINGLE_WORDS];
  guint64  shingles[PR_PART_MAX_SHINGLE_WINDOW];
  guint64  n_words;
  guint64  n_shingles;
  guint64  selected;
  guint64  boundary;  /* where the words of the last one kept start */
} PrPartBuilder;

void     pr_part_builder_init       (PrPartBuilder *builder);
void     pr_part_builder_set_method (PrPartBuilder      *builder,
                                     const PrPartMethod *method);
void     pr_part_builder_finish     (PrPartBuilder *builder);
void     pr_part_builder_clear      (PrPartBuilder *builder);
void     pr_part_builder_reset      (PrPartBuilder *builder);
void     pr_part_builder_add        (PrPartBuilder *builder,
                                     guint64        token_hash);
void     pr_part_builder_end        (PrPartBuilder *builder);

/* The records' parts: those of record r are
 * parts[offsets[r] .. offsets[r] + counts[r]). */
typedef struct {
  gsize    n_records;
  guint64 *offsets;
  guint32 *counts;
  PrPart  *parts;
  /* (nullable) who sent each record: pairs by the same person take the
   * lower containment. */
  const PrIdentityTable *identities;
} PrPartTable;

typedef struct {
  /* Parts found in more records than this are boilerplate ("请领导重视",
   * a form letter's sentences): they neither make nor count towards a
   * match. */
  guint  max_records_per_part;
  /* A pair is kept when the words of the parts it shares are at least this
   * share of the words of the smaller record's parts (containment)… */
  double min_containment;
  /* …or this much, for two records of the same petitioner (a person
   * re-sending a complaint rewrites more of it than another copies)… */
  double min_containment_same_petitioner;
  /* …and at least this many… */
  guint  min_shared_tokens;
  /* …or this many (if fewer; 0: no such minimum) when the smaller record
   * has fewer than PR_PART_SHORT_RECORD_WORDS words: a short repeat with a
   * word changed every dozen shares too few runs of five to reach the
   * minimum above. The second stage's candidates have one
   * (PR_PAIR_CANDIDATE_MIN_SHARED_SHORT). */
  guint  min_shared_tokens_short;
} PrPartMatchOptions;

#define PR_PART_DEFAULT_MAX_RECORDS 12
#define PR_PART_DEFAULT_MIN_CONTAINMENT 0.6
#define PR_PART_DEFAULT_MIN_SHARED_TOKENS 20
#define PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER 0.5
/* A record is short, for min_shared_tokens_short, below this many words in
 * its parts (boilerplate too). */
#define PR_PART_SHORT_RECORD_WORDS 30

/* The defaults, chosen by the evaluation (docs/evaluation.md, "The passages' thresholds"). */
#define PR_PART_MATCH_OPTIONS_DEFAULT \
  ((PrPartMatchOptions) { PR_PART_DEFAULT_MAX_RECORDS, PR_PART_DEFAULT_MIN_CONTAINMENT, \
                          PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER, PR_PART_DEFAULT_MIN_SHARED_TOKENS, 0 })

/* What two records' parts have in common, counted as a scan counts it:
 * each distinct part once (by the most words a record has for it), and
 * the parts a table holds as boilerplate left out, but in the all_ counts. */
typedef struct {
  guint64 words_a;          /* words in a's distinct parts, but boilerplate */
  guint64 words_b;
  guint64 all_words_a;      /* boilerplate too */
  guint64 all_words_b;
  guint64 words_shared;     /* in the parts both have, but boilerplate */
  guint   boilerplate_a;    /* a's distinct parts left out as boilerplate */
  guint   boilerplate_b;
} PrPartOverlap;

/* Called once per pair of records that share parts enough; @a < @b. */
typedef void (*PrPartPairFunc) (guint32  a,
                                guint32  b,
                                double   containment,
                                gpointer user_data);

PrPartMethod pr_part_method_resolve (const PrPartMethod *method);
char    *pr_part_method_describe  (const PrPartMethod       *method);
gsize    pr_winnow                (const guint64            *hashes,
                                   gsize                     n_hashes,
                                   guint                     window,
                                   gsize                    *positions);

gboolean pr_part_table_find_pairs (const PrPartTable        *table,
                                   const guint8             *skip,
                                   const PrPartMatchOptions *options,
                                   PrPartPairFunc            func,
                                   gpointer                  user_data,
                                   GCancellable             *cancellable,
                                   GError                  **error);
gboolean pr_part_table_find_pairs_full (const PrPartTable        *table,
                                        const guint8             *skip,
                                        const PrPartMatchOptions *options,
                                        PrPartPairFunc            func,
                                        gpointer                  user_data,
                                        GArray                   *boilerplate,
                                        GCancellable             *cancellable,
                                        GError                  **error);
void     pr_part_overlap          (const PrPart             *a,
                                   gsize                     n_a,
                                   const PrPart             *b,
                                   gsize                     n_b,
                                   const GArray             *boilerplate,
                                   PrPartOverlap            *overlap);
double   pr_part_overlap_containment (const PrPartOverlap   *overlap);
guint8  *pr_parts_encode          (const PrPart             *parts,
                                   gsize                     n_parts,
                                   gsize                    *length);
PrPart  *pr_parts_decode          (const guint8             *bytes,
                                   gsize                     length,
                                   guint                    *n_parts,
                                   GError                  **error);
guint64  pr_part_match_min_shared (const PrPartMatchOptions *options,
                                   guint64                   all_words_a,
                                   guint64                   all_words_b);
gboolean pr_part_match_accepts    (const PrPartMatchOptions *options,
                                   guint64                   words_shared,
                                   guint64                   words_a,
                                   guint64                   words_b,
                                   guint64                   all_words_a,
                                   guint64                   all_words_b,
                                   gboolean                  same_petitioner);
double   pr_part_containment      (const PrPart             *a,
                                   gsize                     n_a,
                                   const PrPart             *b,
                                   gsize                     n_b);

G_END_DECLS
