/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The tokenizer turns a field's UTF-8 text into the words the fingerprint is
 * made of. Every step is ICU's, so the result is defined by Unicode rather
 * than by us:
 *
 *   UTF-8 ─► UTF-16 ─► NFKC_Casefold ─► (Traditional→Simplified) ─► word break (zh) ─► UTF-8 words
 *
 * NFKC_Casefold does NFKC and case folding in one pass, so full-width and
 * half-width forms and letter case give the same words. The word breaker
 * with locale zh segments Han text with ICU's dictionary; spans whose rule
 * status is UBRK_WORD_NONE (white space, punctuation, symbols) are dropped.
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
#include <unicode/uset.h>

#include "pr-tokenizer.h"

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
};

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
traditional_fold_table (void)
{
  static gsize once = 0;
  static guint16 *table = NULL;

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
          built = g_new (guint16, 0x10000);
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
          g_free (built);
        }
      g_clear_pointer (&source, uset_close);
      g_clear_pointer (&transform, utrans_close);
      g_once_init_leave (&once, 1);
    }

  return table;
}

static gboolean
set_icu_error (GError     **error,
               UErrorCode   status,
               const char  *what)
{
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

  self->nfkc_cf = unorm2_getNFKCCasefoldInstance (&status);
  if (U_FAILURE (status))
    {
      set_icu_error (error, status, _("NFKC_Casefold normaliser"));
      return NULL;
    }

  if ((flags & PR_TOKENIZER_FOLD_TRADITIONAL) && traditional_fold_table () == NULL)
    {
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
  g_free (self);
}

PrTokenizerFlags
pr_tokenizer_get_flags (PrTokenizer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->flags;
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

/* Converts, normalises and folds @text into UTF-16. Returns the buffer (owned
 * by @self) and its length in code units. */
static const UChar *
prepare (PrTokenizer  *self,
         const char   *text,
         gsize         length,
         gsize        *out_length,
         GError      **error)
{
  const char *invalid = NULL;
  UErrorCode status = U_ZERO_ERROR;
  int32_t utf16_length = 0;
  UChar *result;
  int32_t result_length;

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
  u_strFromUTF8 (self->utf16, self->utf16_capacity, &utf16_length, text, length, &status);
  if (U_FAILURE (status))
    {
      set_icu_error (error, status, _("UTF-8 conversion"));
      return NULL;
    }

  result = self->utf16;
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

  if (self->flags & PR_TOKENIZER_FOLD_TRADITIONAL)
    {
      const guint16 *fold = traditional_fold_table ();

      /* Every character the table changes is in the BMP and becomes one BMP
       * character (checked when it is built), so a lookup per unit is enough. */
      for (int32_t i = 0; i < result_length; i++)
        result[i] = fold[result[i]];
    }

  *out_length = result_length;
  return result;
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
  UErrorCode status = U_ZERO_ERROR;
  const UChar *prepared;
  gsize prepared_length = 0;
  int32_t start, end;

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
        continue;

      word = to_utf8 (self, prepared + start, end - start, &word_length);
      func (word, word_length, user_data);
    }

  /* Do not keep a pointer into a buffer that the next call may move. */
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
