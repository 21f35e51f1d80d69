/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The tokenizer turns a field's UTF-8 text into the words the fingerprint is
 * made of. Every step is ICU's, so the result is defined by Unicode rather
 * than by us:
 *
 *   UTF-8 ─► UTF-16 ─► NFKC_Casefold ─► (Traditional→Simplified) ─► white space folded
 *         ─► word break (zh) ─► UTF-8 words
 *
 * NFKC_Casefold does NFKC and case folding in one pass, so full-width and
 * half-width forms and letter case give the same words. The word breaker
 * with locale zh segments Han text with ICU's dictionary; spans whose rule
 * status is UBRK_WORD_NONE (white space, punctuation, symbols) are dropped.
 * White space follows one rule (pr-text-space.c): a run between two CJK
 * characters is nothing (a line broken inside a word, a space after 。),
 * any other run is one boundary. Chinese is written without spaces, so in
 * a text whose ideographs mostly stand alone between spaces (我 家 住 在,
 * copied out of a PDF or justified by a form) the spaces between an
 * ideograph and a number, or lone digits (2 0 1 9 年), are layout too:
 * kept, they cut the text into other words than the same text without
 * them, and such a copy is not found as a repeat of the text without them.
 *
 * pr_tokenizer_tokenize_with_ranges () gives the same words and where each
 * came from in the original text, for the compare view. Breaking must happen
 * on the folded text (ICU's dictionary cuts 小區 in two but keeps 小区), so the
 * original offsets are carried through normalisation instead: the text is
 * normalised piece by piece between normalisation boundaries, and the pieces
 * that change are remembered.
 *
 * A tokenizer owns an ICU break iterator and scratch buffers: it is cheap to
 * reuse and must not be shared between threads.
 */
#define G_LOG_DOMAIN "pr-tokenizer"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>

#include "pr-tokenizer.h"
#include "pr-memory-stop.h"
#include "pr-text-space.h"

G_DEFINE_QUARK (pr-tokenizer-error-quark, pr_tokenizer_error)

struct _PrTokenizer
{
  PrTokenizerFlags    flags;
  const UNormalizer2 *nfkc_cf;
  UBreakIterator     *words;

  /* Scratch buffers, grown on demand and kept between calls. */
  UChar              *utf16;
  gsize               utf16_capacity;
  UChar              *normalized;
  gsize               normalized_capacity;
  char               *utf8;
  gsize               utf8_capacity;

  /* For pr_tokenizer_tokenize_with_ranges (): the stretches of the
   * normalised text that differ from their source (a Segment each). */
  GArray             *segments;
};

/* A stretch of the original text whose normal form is not itself, and where
 * that normal form lies in the normalised text. Outside segments the
 * normalised text is the original, character for character. */
typedef struct
{
  guint32 byte_start;
  guint32 byte_end;
  guint32 normalized_start;
  guint32 normalized_end;
} Segment;

G_STATIC_ASSERT (PR_TOKENIZER_MAX_LENGTH < G_MAXUINT32 / 18);

/* Traditional → Simplified folding uses the character table of ICU's
 * Traditional-Simplified transform: every character of the transform's
 * source set is put through it alone, once. The transform's phrase rules
 * are left out on purpose: they make the fold depend on context (著作 stays,
 * 著 alone becomes 着), a few run the other way (剃发 > 剃髮), and they cost
 * 2.4 times the word breaker's time, where the table costs a few percent.
 * What a fingerprint needs is a function of characters, so that a text and
 * its Traditional rendering fold to the same characters.
 *
 * Returns NULL if this ICU's transform maps some character to more than one
 * or outside the BMP (then folding is refused rather than done otherwise). */
static const guint16 *
traditional_fold_table (UErrorCode *out_status)
{
  static gsize once = 0;
  static guint16 *table = NULL;
  static UErrorCode table_status = U_ZERO_ERROR;

  if (g_once_init_enter (&once))
    {
      UErrorCode status = U_ZERO_ERROR;
      UTransliterator *transform;
      USet *source = NULL;
      guint16 *built = NULL;
      gboolean ok = FALSE;

      transform = utrans_openU (u"Traditional-Simplified", -1, UTRANS_FORWARD, NULL, 0, NULL, &status);
      if (U_SUCCESS (status))
        {
          source = uset_openEmpty ();
          utrans_getSourceSet (transform, FALSE, source, &status);
        }
      if (U_SUCCESS (status))
        {
          built = PR_MEMORY_TRY (g_try_new (guint16, 0x10000));
          if (built == NULL)
            status = U_MEMORY_ALLOCATION_ERROR;
        }
      if (U_SUCCESS (status))
        {
          for (guint c = 0; c < 0x10000; c++)
            built[c] = c;

          ok = TRUE;
          for (int32_t item = 0; ok && item < uset_getItemCount (source); item++)
            {
              UChar32 first, last;

              if (uset_getItem (source, item, &first, &last, NULL, 0, &status) != 0 || last > 0xFFFF)
                ok = FALSE;

              for (UChar32 c = first; ok && c <= last; c++)
                {
                  UChar text[8] = { c };
                  int32_t length = 1, limit = 1;

                  if (U16_IS_SURROGATE (c))
                    continue;
                  utrans_transUChars (transform, text, &length, G_N_ELEMENTS (text), 0, &limit, &status);
                  if (U_FAILURE (status) || length != 1 || U16_IS_SURROGATE (text[0]))
                    ok = FALSE;
                  else
                    built[c] = text[0];
                }
            }
        }

      if (ok)
        table = built;
      else
        {
          g_debug ("Traditional-Simplified fold unavailable: %s", u_errorName (status));
          table_status = status;
          g_free (built);
        }
      g_clear_pointer (&source, uset_close);
      g_clear_pointer (&transform, utrans_close);
      g_once_init_leave (&once, 1);
    }

  *out_status = table_status;
  return table;
}

static gboolean
set_icu_error (GError     **error,
               UErrorCode   status,
               const char  *what)
{
  if (status == U_MEMORY_ALLOCATION_ERROR)
    g_set_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_ICU,
                 /* Translators: %s is the step (“UTF-8 conversion”). */
                 _("ICU %s failed: not enough memory; raise the process's memory limit (ulimit -v), or close "
                   "other programs"), what);
  else
    g_set_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_ICU,
                 /* Translators: the first %s is the step (“UTF-8 conversion”),
                  * the second ICU's error code, such as U_ILLEGAL_ARGUMENT_ERROR. */
                 _("ICU %s failed: %s"), what, u_errorName (status));
  return FALSE;
}

/**
 * pr_tokenizer_new:
 * @flags: what the tokenizer folds
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a new tokenizer, or %NULL if ICU
 *   lacks the data it needs (the zh word-break dictionary, the
 *   Traditional-Simplified transform).
 */
PrTokenizer *
pr_tokenizer_new (PrTokenizerFlags   flags,
                  GError           **error)
{
  g_autoptr(PrTokenizer) self = g_new0 (PrTokenizer, 1);
  UErrorCode status = U_ZERO_ERROR;

  self->flags = flags;
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));

  self->nfkc_cf = unorm2_getNFKCCasefoldInstance (&status);
  if (U_FAILURE (status))
    {
      set_icu_error (error, status, _("NFKC_Casefold normaliser"));
      return NULL;
    }

  if ((flags & PR_TOKENIZER_FOLD_TRADITIONAL) && traditional_fold_table (&status) == NULL)
    {
      if (status == U_MEMORY_ALLOCATION_ERROR)
        set_icu_error (error, status, _("Traditional-Simplified transform"));
      else
        g_set_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_ICU,
                     _("ICU's Traditional-Simplified transform is missing or maps a "
                       "character to more than one; Traditional Chinese cannot be folded"));
      return NULL;
    }

  self->words = ubrk_open (UBRK_WORD, "zh", NULL, 0, &status);
  if (U_FAILURE (status))
    {
      set_icu_error (error, status, _("word break iterator (zh)"));
      return NULL;
    }

  return g_steal_pointer (&self);
}

void
pr_tokenizer_free (PrTokenizer *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->words, ubrk_close);
  g_free (self->utf16);
  g_free (self->normalized);
  g_free (self->utf8);
  g_clear_pointer (&self->segments, g_array_unref);
  g_free (self);
}

static void
ensure_capacity (gpointer *buffer,
                 gsize    *capacity,
                 gsize     needed,
                 gsize     element_size)
{
  if (needed <= *capacity)
    return;

  *capacity = MAX (needed, *capacity * 2);
  *buffer = g_realloc_n (*buffer, *capacity, element_size);
}

/* Checks @text and converts it to UTF-16 in the scratch buffer. Returns the
 * buffer and its length in code units. */
static UChar *
to_utf16 (PrTokenizer  *self,
          const char   *text,
          gsize         length,
          int32_t      *out_length,
          GError      **error)
{
  const char *invalid = NULL;
  UErrorCode status = U_ZERO_ERROR;

  /* ICU counts in int32_t, and NFKC may expand a text up to 18 times, and
   * UTF-8 output is up to three bytes a unit: a field of 16 MiB stays far
   * from those limits; a larger one is refused rather than cut. */
  if (length > PR_TOKENIZER_MAX_LENGTH)
    {
      g_set_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_TOO_LONG,
                   _("a text of %zu bytes is longer than the %d bytes a field may have"),
                   length, PR_TOKENIZER_MAX_LENGTH);
      return NULL;
    }

  /* NUL is rejected too: a C string cannot carry it and no petition needs it. */
  if (!g_utf8_validate_len (text, length, &invalid))
    {
      g_set_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8,
                   _("invalid UTF-8 at byte %zu"),
                   (gsize) (invalid - text));
      return NULL;
    }

  /* A UTF-8 byte never becomes more than one UTF-16 unit. */
  ensure_capacity ((gpointer *) &self->utf16, &self->utf16_capacity, length + 1, sizeof (UChar));
  u_strFromUTF8 (self->utf16, self->utf16_capacity, out_length, text, length, &status);
  if (U_FAILURE (status))
    {
      set_icu_error (error, status, _("UTF-8 conversion"));
      return NULL;
    }

  return self->utf16;
}

/**
 * pr_tokenizer_fold_traditional_char:
 * @c: a character
 *
 * Returns: @c folded from Traditional to Simplified as the tokenizer folds
 *   text (陳 to 陈), or @c itself when the fold is unavailable
 */
gunichar
pr_tokenizer_fold_traditional_char (gunichar c)
{
  UErrorCode status = U_ZERO_ERROR;
  const guint16 *fold = traditional_fold_table (&status);

  return fold != NULL && c < 0x10000 ? fold[c] : c;
}

static void
fold_traditional (PrTokenizer *self,
                  UChar       *text,
                  gsize        length)
{
  UErrorCode status = U_ZERO_ERROR;
  const guint16 *fold;

  if (!(self->flags & PR_TOKENIZER_FOLD_TRADITIONAL))
    return;

  /* Every character the table changes is in the BMP and becomes one BMP
   * character (checked when it is built), so a lookup per unit is enough,
   * and the text keeps its length. */
  fold = traditional_fold_table (&status);
  for (gsize i = 0; i < length; i++)
    text[i] = fold[text[i]];
}

/* An ideograph or a digit: Chinese writes them without spaces between
 * (2 0 1 9 年 is 2019年 spaced out). */
static gboolean
is_unspaced (UChar32 c)
{
  UErrorCode status = U_ZERO_ERROR;

  if (c >= '0' && c <= '9')
    return TRUE;
  return c >= 0x2E80 && uscript_getScript (c, &status) == USCRIPT_HAN && U_SUCCESS (status);
}

/* Whether @text is Chinese spaced out: at least two thirds of its
 * ideographs (and four or more) stand alone between white space. */
static gboolean
is_spaced_out (const UChar *text,
               gsize        length)
{
  gsize han = 0, alone = 0;
  UChar32 previous = ' ';

  for (gsize i = 0; i < length;)
    {
      UChar32 c, next = ' ';

      U16_NEXT (text, i, length, c);
      if (is_unspaced (c) && !(c >= '0' && c <= '9'))
        {
          han++;
          if (i < length)
            U16_GET (text, 0, i, length, next);
          alone += pr_text_space_is_space (previous) && pr_text_space_is_space (next);
        }
      previous = c;
    }
  return alone >= 4 && alone * 3 >= han * 2;
}

/* Applies the white space rule (pr-text-space.c) to @text (normalised,
 * @length units) in place, and returns the new length: a run between two
 * CJK characters is dropped, and any other run becomes one space. In a
 * text spaced out (2 0 1 9 年) the runs between an ideograph and a digit,
 * and between two lone digits, are dropped too. With @original (the
 * text's UTF-8, for pr_tokenizer_tokenize_with_ranges ()), the segments
 * are kept in step: a dropped unit outside them becomes a segment of its
 * own that normalises to nothing, and a run's kept unit is written as a
 * space where it stands (every white space character is one unit, so a
 * character outside the segments keeps its length). */
static gsize
fold_spaces (PrTokenizer *self,
             UChar       *text,
             gsize        length,
             const char  *original)
{
  g_autoptr(GArray) old = NULL;
  UChar32 before = 0;
  gsize i = 0, out = 0, byte = 0, run_end = 0;
  gboolean run_dropped = FALSE, after_space = TRUE, before_alone = FALSE, spaced;
  guint segment = 0;

  /* Most texts hold no white space at all. */
  for (i = 0; i < length && !pr_text_space_is_space (text[i]); i++)
    ;
  if (i == length)
    return length;
  spaced = is_spaced_out (text, length);

  if (original != NULL)
    {
      old = g_array_copy (self->segments);
      g_array_set_size (self->segments, 0);
    }
  /* Units are read at or after where they are written (out <= i), so a
   * look ahead reads the text as it was. */
  for (i = 0; i < length;)
    {
      const Segment *inside = old != NULL && segment < old->len &&
                              g_array_index (old, Segment, segment).normalized_start == i
                                ? &g_array_index (old, Segment, segment) : NULL;
      gsize end = inside != NULL ? inside->normalized_end : i;
      Segment kept = { 0 };

      if (inside == NULL)
        {
          UChar32 c;

          U16_NEXT (text, end, length, c);
          (void) c;
        }
      else
        kept = (Segment) { inside->byte_start, inside->byte_end, out, 0 };

      for (gsize j = i; j < end;)
        {
          gsize next = j;
          UChar32 c;

          U16_NEXT (text, next, length, c);
          if (pr_text_space_is_space (c))
            {
              gboolean first = j >= run_end;

              if (first)
                {
                  UChar32 after = 0, beyond = ' ';
                  gsize k = next;

                  for (run_end = next; run_end < length;)
                    {
                      k = run_end;
                      U16_NEXT (text, k, length, after);
                      if (!pr_text_space_is_space (after))
                        break;
                      run_end = k;
                    }
                  if (k < length)
                    U16_NEXT (text, k, length, beyond);
                  /* Spaced out, between two digits only where each
                   * stands alone (2 0 1 9), not between numbers (房号
                   * 301 302). */
                  run_dropped = run_end < length &&
                                (pr_text_space_joins (before, after) ||
                                 (spaced && is_unspaced (before) && is_unspaced (after) &&
                                  (!g_ascii_isdigit (before) || !g_ascii_isdigit (after) ||
                                   (before_alone && !g_ascii_isdigit (beyond)))));
                }
              if (run_dropped || !first)
                {
                  if (inside == NULL && original != NULL)
                    {
                      Segment gone = { byte, byte + U8_LENGTH (c), out, out };

                      g_array_append_val (self->segments, gone);
                    }
                  after_space = TRUE;
                  j = next;
                  continue;
                }
              text[j] = ' ';
            }
          else
            {
              before_alone = after_space;
              before = c;
            }
          after_space = pr_text_space_is_space (c);
          while (j < next)
            text[out++] = text[j++];
        }
      if (inside != NULL)
        {
          kept.normalized_end = out;
          g_array_append_val (self->segments, kept);
          byte = inside->byte_end;
          segment++;
        }
      else if (original != NULL)
        byte += g_utf8_skip[(guchar) original[byte]];
      i = end;
    }
  return out;
}

/* Converts, normalises and folds @text into UTF-16. Returns the buffer (owned
 * by @self) and its length in code units. */
static const UChar *
prepare (PrTokenizer  *self,
         const char   *text,
         gsize         length,
         gsize        *out_length,
         GError      **error)
{
  UErrorCode status = U_ZERO_ERROR;
  int32_t utf16_length = 0;
  UChar *result;
  int32_t result_length;

  result = to_utf16 (self, text, length, &utf16_length, error);
  if (result == NULL)
    return NULL;
  result_length = utf16_length;

  if (!(self->flags & PR_TOKENIZER_NO_NORMALIZE))
    {
      int32_t span = unorm2_spanQuickCheckYes (self->nfkc_cf, self->utf16, utf16_length, &status);

      if (U_FAILURE (status))
        {
          set_icu_error (error, status, _("normalisation check"));
          return NULL;
        }

      if (span < utf16_length)
        {
          /* Only the part after the already-normal prefix goes through the
           * normaliser; most Chinese text is normal up to its first
           * full-width comma. */
          for (;;)
            {
              ensure_capacity ((gpointer *) &self->normalized, &self->normalized_capacity,
                               (gsize) utf16_length + 16, sizeof (UChar));
              memcpy (self->normalized, self->utf16, span * sizeof (UChar));
              status = U_ZERO_ERROR;
              result_length = unorm2_normalizeSecondAndAppend (self->nfkc_cf,
                                                               self->normalized, span,
                                                               self->normalized_capacity,
                                                               self->utf16 + span,
                                                               utf16_length - span,
                                                               &status);
              if (status != U_BUFFER_OVERFLOW_ERROR)
                break;
              ensure_capacity ((gpointer *) &self->normalized, &self->normalized_capacity,
                               (gsize) result_length + 16, sizeof (UChar));
            }
          if (U_FAILURE (status))
            {
              set_icu_error (error, status, _("NFKC_Casefold normalisation"));
              return NULL;
            }
          result = self->normalized;
        }
    }

  fold_traditional (self, result, result_length);
  if (!(self->flags & PR_TOKENIZER_NO_NORMALIZE))
    result_length = fold_spaces (self, result, result_length, NULL);

  *out_length = result_length;
  return result;
}

/* Moves (*at, *byte) forward to the UTF-16 index @to of @source, counting the
 * UTF-8 bytes of the characters passed. */
static void
advance_source (const UChar *source,
                int32_t      source_length,
                int32_t     *at,
                gsize       *byte,
                int32_t      to)
{
  while (*at < to)
    {
      UChar32 c;

      U16_NEXT (source, *at, source_length, c);
      *byte += U8_LENGTH (c);
    }
}

/* Does what prepare () does, and also records in self->segments where each
 * part of the normalised text came from in the original.
 *
 * The text is normalised piece by piece, cut at normalisation boundaries,
 * which gives the same result as normalising it whole (that is what a
 * boundary means: ICU's hasBoundaryBefore). Runs that pass the quick check are
 * copied as they are; each other piece, from a boundary to the next, becomes
 * a Segment. In Chinese text those are mostly single full-width punctuation
 * marks, so the pieces are short and the work stays linear. */
static const UChar *
prepare_mapped (PrTokenizer  *self,
                const char   *text,
                gsize         length,
                gsize        *out_length,
                GError      **error)
{
  UErrorCode status = U_ZERO_ERROR;
  const UChar *source;
  int32_t source_length = 0;
  int32_t span = 0;
  int32_t at = 0, byte_at = 0;
  gsize byte = 0, produced = 0;

  g_array_set_size (self->segments, 0);

  source = to_utf16 (self, text, length, &source_length, error);
  if (source == NULL)
    return NULL;
  span = source_length;

  if (!(self->flags & PR_TOKENIZER_NO_NORMALIZE))
    {
      span = unorm2_spanQuickCheckYes (self->nfkc_cf, source, source_length, &status);
      if (U_FAILURE (status))
        {
          set_icu_error (error, status, "normalisation check");
          return NULL;
        }
    }
  if (span == source_length)
    {
      fold_traditional (self, self->utf16, source_length);
      *out_length = !(self->flags & PR_TOKENIZER_NO_NORMALIZE)
                      ? fold_spaces (self, self->utf16, source_length, text)
                      : (gsize) source_length;
      return self->utf16;
    }

  ensure_capacity ((gpointer *) &self->normalized, &self->normalized_capacity,
                   (gsize) source_length + 16, sizeof (UChar));
  for (;;)
    {
      Segment segment;
      int32_t end;
      int32_t normalized_length;

      /* Already normal: copied. The span ends at a boundary. */
      ensure_capacity ((gpointer *) &self->normalized, &self->normalized_capacity,
                       produced + span, sizeof (UChar));
      memcpy (self->normalized + produced, source + at, span * sizeof (UChar));
      produced += span;
      at += span;
      if (at == source_length)
        break;

      /* Not normal: the piece up to the next boundary. */
      end = at;
      U16_FWD_1 (source, end, source_length);
      while (end < source_length)
        {
          UChar32 c;

          U16_GET (source, 0, end, source_length, c);
          if (unorm2_hasBoundaryBefore (self->nfkc_cf, c))
            break;
          U16_FWD_1 (source, end, source_length);
        }

      for (;;)
        {
          status = U_ZERO_ERROR;
          normalized_length = unorm2_normalize (self->nfkc_cf, source + at, end - at,
                                                self->normalized + produced,
                                                self->normalized_capacity - produced,
                                                &status);
          if (status != U_BUFFER_OVERFLOW_ERROR)
            break;
          ensure_capacity ((gpointer *) &self->normalized, &self->normalized_capacity,
                           produced + normalized_length + 16, sizeof (UChar));
        }
      if (U_FAILURE (status))
        {
          set_icu_error (error, status, "NFKC_Casefold normalisation");
          return NULL;
        }

      advance_source (source, source_length, &byte_at, &byte, at);
      segment.byte_start = byte;
      advance_source (source, source_length, &byte_at, &byte, end);
      segment.byte_end = byte;
      segment.normalized_start = produced;
      segment.normalized_end = produced + normalized_length;
      g_array_append_val (self->segments, segment);
      produced += normalized_length;
      at = end;

      span = unorm2_spanQuickCheckYes (self->nfkc_cf, source + at, source_length - at, &status);
      if (U_FAILURE (status))
        {
          set_icu_error (error, status, "normalisation check");
          return NULL;
        }
    }

  fold_traditional (self, self->normalized, produced);
  *out_length = fold_spaces (self, self->normalized, produced, text);
  return self->normalized;
}

/* Converts UTF-16 to UTF-8 in the scratch buffer; never fails on text that
 * came from valid UTF-8. */
static const char *
to_utf8 (PrTokenizer *self,
         const UChar *text,
         int32_t      length,
         gsize       *out_length)
{
  UErrorCode status = U_ZERO_ERROR;
  int32_t utf8_length = 0;

  ensure_capacity ((gpointer *) &self->utf8, &self->utf8_capacity, (gsize) length * 3 + 1, 1);
  u_strToUTF8 (self->utf8, self->utf8_capacity, &utf8_length, text, length, &status);
  g_assert (U_SUCCESS (status));
  *out_length = utf8_length;

  return self->utf8;
}

/* Whether a stretch between words ends a clause: a full stop,
 * exclamation or question mark, semicolon, ellipsis, comma, 、 or colon
 * (after NFKC the full-width ones are ASCII). A line break is white
 * space, one boundary as a space is: a line broken by a copy out of a PDF
 * ends no clause. */
static gboolean
ends_sentence (const UChar *text,
               int32_t      length)
{
  for (int32_t i = 0; i < length; i++)
    switch (text[i])
      {
      case u'。': case u'.': case u'!': case u'?': case u';': case u'…':
      case u',': case u':': case u'、':
        return TRUE;
      default:
        break;
      }
  return FALSE;
}

/* The words of @text to @func, and each sentence's end to @sentence_end
 * (if not NULL) before the next sentence's first word. */
static gboolean
tokenize_words (PrTokenizer      *self,
                const char       *text,
                gssize            length,
                PrTokenFunc       func,
                PrSentenceEndFunc sentence_end,
                gpointer          user_data,
                GError          **error)
{
  UErrorCode status = U_ZERO_ERROR;
  const UChar *prepared;
  gsize prepared_length = 0;
  int32_t start, end;
  gboolean words_before = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (length < 0)
    length = strlen (text);
  if (length == 0)
    return TRUE;

  prepared = prepare (self, text, length, &prepared_length, error);
  if (prepared == NULL)
    return FALSE;

  ubrk_setText (self->words, prepared, prepared_length, &status);
  if (U_FAILURE (status))
    return set_icu_error (error, status, _("word break"));

  start = ubrk_first (self->words);
  for (end = ubrk_next (self->words); end != UBRK_DONE; start = end, end = ubrk_next (self->words))
    {
      const char *word;
      gsize word_length;

      if (ubrk_getRuleStatus (self->words) < UBRK_WORD_NONE_LIMIT)
        {
          if (sentence_end != NULL && words_before && ends_sentence (prepared + start, end - start))
            {
              sentence_end (user_data);
              words_before = FALSE;
            }
          continue;
        }

      word = to_utf8 (self, prepared + start, end - start, &word_length);
      func (word, word_length, user_data);
      words_before = TRUE;
    }
  if (sentence_end != NULL && words_before)
    sentence_end (user_data);

  /* Do not keep a pointer into a buffer that the next call may move. */
  ubrk_setText (self->words, NULL, 0, &status);

  return TRUE;
}

/**
 * pr_tokenizer_tokenize:
 * @self: a #PrTokenizer
 * @text: UTF-8 text
 * @length: length of @text in bytes, or -1 if it is NUL-terminated
 * @func: called for each word, in order
 * @user_data: passed to @func
 * @error: return location for a #GError
 *
 * Normalises @text and calls @func for each word. White space and
 * punctuation are not words.
 *
 * Returns: %FALSE with @error set (%PR_TOKENIZER_ERROR_INVALID_UTF8 names the
 *   byte offset) if @text is not valid UTF-8; @func is not called then.
 */
gboolean
pr_tokenizer_tokenize (PrTokenizer  *self,
                       const char   *text,
                       gssize        length,
                       PrTokenFunc   func,
                       gpointer      user_data,
                       GError      **error)
{
  return tokenize_words (self, text, length, func, NULL, user_data, error);
}

/**
 * pr_tokenizer_tokenize_sentences:
 * @self: a #PrTokenizer
 * @text: UTF-8 text
 * @length: length of @text in bytes, or -1 if it is NUL-terminated
 * @func: called for each word, in order
 * @sentence_end: called after the last word of each sentence
 * @user_data: passed to @func and @sentence_end
 * @error: return location for a #GError
 *
 * Like pr_tokenizer_tokenize (), and also marks where clauses end: at a
 * full stop, exclamation or question mark, semicolon, ellipsis, comma,
 * 、 or colon between words, and after the last word. A clause has at
 * least one word.
 *
 * Returns: %FALSE with @error set, as pr_tokenizer_tokenize () does.
 */
gboolean
pr_tokenizer_tokenize_sentences (PrTokenizer       *self,
                                 const char        *text,
                                 gssize             length,
                                 PrTokenFunc        func,
                                 PrSentenceEndFunc  sentence_end,
                                 gpointer           user_data,
                                 GError           **error)
{
  g_return_val_if_fail (sentence_end != NULL, FALSE);

  return tokenize_words (self, text, length, func, sentence_end, user_data, error);
}

/* Walks the original text and the normalised text side by side, forward
 * only, to turn offsets in the normalised text into byte offsets in the
 * original. */
typedef struct
{
  const char *text;
  gsize       byte;        /* in the original */
  gsize       normalized;  /* the same place in the normalised text */
  guint       segment;     /* the first segment not passed yet */
} Cursor;

/* Moves @cursor up to @to, or to the start of the segment that holds @to.
 * Returns the segment that holds @to inside it, or NULL if @cursor is at @to. */
static const Segment *
cursor_move (PrTokenizer *self,
             Cursor      *cursor,
             gsize        to)
{
  const Segment *segments = (const Segment *) (gpointer) self->segments->data;

  while (cursor->normalized < to)
    {
      if (cursor->segment < self->segments->len &&
          segments[cursor->segment].normalized_start == cursor->normalized)
        {
          const Segment *segment = &segments[cursor->segment];

          g_assert (cursor->byte == segment->byte_start);
          if (segment->normalized_end > to)
            return segment;
          cursor->byte = segment->byte_end;
          cursor->normalized = segment->normalized_end;
          cursor->segment++;
        }
      else
        {
          /* Outside segments a character is itself (folding keeps lengths). */
          gunichar c = g_utf8_get_char (cursor->text + cursor->byte);

          cursor->byte += g_unichar_to_utf8 (c, NULL);
          cursor->normalized += U16_LENGTH (c);
        }
    }

  return NULL;
}

/**
 * pr_tokenizer_tokenize_with_ranges:
 * @self: a #PrTokenizer
 * @text: UTF-8 text
 * @length: length of @text in bytes, or -1 if it is NUL-terminated
 * @func: called for each word, in order
 * @user_data: passed to @func
 * @error: return location for a #GError
 *
 * Like pr_tokenizer_tokenize () — the same words, in the same order — and
 * also tells @func which bytes of @text each word was made from, for a view
 * that marks words in the original text.
 *
 * A range [start, end) is on character boundaries of @text and covers the
 * original characters whose normal form holds the word: "ＡＢＣ" for "abc",
 * "學校" for "学校" with %PR_TOKENIZER_FOLD_TRADITIONAL. Ranges come in
 * order (by start and by end) and do not overlap, except where one piece of
 * the original that is normalised as a whole (a character with its combining
 * marks, say) holds more than one word: "㏠" is 1日, two words, and each gets
 * the whole character. Bytes in no range are white space or punctuation, or
 * characters that normalise to nothing next to them (a soft hyphen).
 *
 * It costs a little more than pr_tokenizer_tokenize (); the fingerprint does
 * not need it.
 *
 * Returns: %FALSE with @error set, as pr_tokenizer_tokenize () does.
 */
gboolean
pr_tokenizer_tokenize_with_ranges (PrTokenizer       *self,
                                   const char        *text,
                                   gssize             length,
                                   PrTokenRangeFunc   func,
                                   gpointer           user_data,
                                   GError           **error)
{
  UErrorCode status = U_ZERO_ERROR;
  const UChar *prepared;
  gsize prepared_length = 0;
  Cursor cursor = { text, 0, 0, 0 };
  int32_t start, end;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (length < 0)
    length = strlen (text);
  if (length == 0)
    return TRUE;

  prepared = prepare_mapped (self, text, length, &prepared_length, error);
  if (prepared == NULL)
    return FALSE;

  ubrk_setText (self->words, prepared, prepared_length, &status);
  if (U_FAILURE (status))
    return set_icu_error (error, status, _("word break"));

  start = ubrk_first (self->words);
  for (end = ubrk_next (self->words); end != UBRK_DONE; start = end, end = ubrk_next (self->words))
    {
      const Segment *inside;
      const char *word;
      gsize word_length, word_start, word_end;

      if (ubrk_getRuleStatus (self->words) < UBRK_WORD_NONE_LIMIT)
        continue;

      /* A word that starts inside a segment starts with it; one that ends
       * inside a segment ends with it. */
      cursor_move (self, &cursor, start);
      /* A dropped space just before the word is not part of it. */
      while (cursor.segment < self->segments->len &&
             g_array_index (self->segments, Segment, cursor.segment).normalized_start == cursor.normalized &&
             g_array_index (self->segments, Segment, cursor.segment).normalized_end == cursor.normalized &&
             pr_text_space_is_space (g_utf8_get_char (text + cursor.byte)))
        cursor.byte = g_array_index (self->segments, Segment, cursor.segment++).byte_end;
      word_start = cursor.byte;
      inside = cursor_move (self, &cursor, end);
      word_end = inside != NULL ? inside->byte_end : cursor.byte;

      word = to_utf8 (self, prepared + start, end - start, &word_length);
      func (word, word_length, word_start, word_end, user_data);
    }

  ubrk_setText (self->words, NULL, 0, &status);

  return TRUE;
}

/**
 * pr_tokenizer_normalize:
 * @self: a #PrTokenizer
 * @text: UTF-8 text
 * @length: length of @text in bytes, or -1 if it is NUL-terminated
 * @out_length: (out) (optional): length of the result in bytes
 * @error: return location for a #GError
 *
 * Normalises a whole short value (a name, a phone number, an address) the
 * way words are normalised, and removes all white space, so that
 * "138 0000 1111" and "13800001111" are the same value.
 *
 * Returns: (transfer full) (nullable): the normalised value, "" for a value
 *   of only white space, or %NULL with @error set on invalid UTF-8.
 */
char *
pr_tokenizer_normalize (PrTokenizer  *self,
                        const char   *text,
                        gssize        length,
                        gsize        *out_length,
                        GError      **error)
{
  const UChar *prepared;
  gsize prepared_length = 0;
  UChar *compact;
  gsize compact_length = 0;
  const char *utf8;
  gsize utf8_length;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = strlen (text);
  if (length == 0)
    {
      if (out_length != NULL)
        *out_length = 0;
      return g_strdup ("");
    }

  prepared = prepare (self, text, length, &prepared_length, error);
  if (prepared == NULL)
    return NULL;

  compact = g_new (UChar, prepared_length + 1);
  for (gsize i = 0; i < prepared_length; )
    {
      UChar32 c;
      gsize at = i;

      U16_NEXT (prepared, i, prepared_length, c);
      if (u_isUWhiteSpace (c))
        continue;
      memcpy (compact + compact_length, prepared + at, (i - at) * sizeof (UChar));
      compact_length += i - at;
    }

  utf8 = to_utf8 (self, compact, compact_length, &utf8_length);
  g_free (compact);

  if (out_length != NULL)
    *out_length = utf8_length;

  return g_strndup (utf8, utf8_length);
}
