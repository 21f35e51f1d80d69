/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A masked number and a full one in one cell, apart by white space
 * (138****5678 13812345678; 110101********1234 110101199001011234): an
 * export that kept both. Each part is read. When the full number fits the
 * mask (every digit the mask shows is the full number's there) the cell is
 * the full number; when it does not, the cell contradicts itself and is no
 * evidence at all, neither number's nor the mask's.
 */
#define G_LOG_DOMAIN "pr-identity-mixed"

#include "config.h"

#include <string.h>

#include "pr-identity-private.h"

/* Most white-space groups a cell is cut at. */
#define MAX_GROUPS 8

/* The digits (and an ID card's X) and masks ('#') of @value, NFKC-folded,
 * its spaces and dashes left out; FALSE for anything else. */
static gboolean
mask_shape (const char *value,
            gsize       length,
            GString    *shape)
{
  g_autofree char *folded = g_utf8_normalize (value, length, G_NORMALIZE_NFKC);

  if (folded == NULL)
    return FALSE;
  gboolean last_x = FALSE;

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (_pr_identity_is_digit (c))
        g_string_append_c (shape, (char) c);
      else if (c == '*' || c == 'x' || c == 'X' || c == 0x00D7 || c == 0x25CB || c == 0x2715 || c == 0x2606)
        g_string_append_c (shape, '#');
      else if (!(g_unichar_isspace (c) || c == '-' || c == '+'))
        return FALSE;
      if (!g_unichar_isspace (c))
        last_x = c == 'x' || c == 'X';
    }
  /* An ID card's last x is its check character, not a mask. */
  if (last_x && shape->len == PR_ID_CARD_LENGTH)
    shape->str[shape->len - 1] = 'X';
  return strchr (shape->str, '#') != NULL;
}

/* Whether @shape shows only what @full has at its places. */
static gboolean
fits (const char *shape,
      const char *full)
{
  if (strlen (shape) != strlen (full))
    return FALSE;
  for (gsize i = 0; shape[i] != '\0'; i++)
    if (shape[i] != '#' && shape[i] != full[i])
      return FALSE;
  return TRUE;
}

/* Reads @value as a masked number and a full one, in either order, cut at
 * some white space. @read_full reads a part as a full number (its digits
 * to compare in @digits); @shape_of gives a masked part's digits in the
 * same form. */
static PrIdentityMixed
read_mixed (const char *value,
            gssize      length,
            gboolean  (*read_full) (const char *part, gsize length, char **normal, GString *digits),
            gboolean  (*shape_of) (const char *part, gsize length, GString *shape),
            char      **normal)
{
  const char *cuts[MAX_GROUPS];
  guint n = 0;
  const char *end;

  if (length < 0)
    length = strlen (value);
  end = value + length;
  /* The places where a group of white space ends: each a cut to try. */
  for (const char *p = value; p < end;)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (g_unichar_isspace (c) && next < end && !g_unichar_isspace (g_utf8_get_char (next)) && p > value)
        {
          if (n == MAX_GROUPS)
            return PR_IDENTITY_MIXED_NONE;
          cuts[n++] = next;
        }
      p = next;
    }

  for (guint i = 0; i < n; i++)
    for (int masked_first = 0; masked_first < 2; masked_first++)
      {
        const char *masked = masked_first ? value : cuts[i];
        gsize masked_length = masked_first ? (gsize) (cuts[i] - value) : (gsize) (end - cuts[i]);
        const char *full = masked_first ? cuts[i] : value;
        gsize full_length = masked_first ? (gsize) (end - cuts[i]) : (gsize) (cuts[i] - value);
        g_autoptr(GString) shape = g_string_new (NULL);
        g_autoptr(GString) digits = g_string_new (NULL);
        g_autofree char *full_normal = NULL;

        if (!shape_of (masked, masked_length, shape) || !read_full (full, full_length, &full_normal, digits))
          continue;
        if (!fits (shape->str, digits->str))
          return PR_IDENTITY_MIXED_DISAGREE;
        *normal = g_steal_pointer (&full_normal);
        return PR_IDENTITY_MIXED_AGREE;
      }
  return PR_IDENTITY_MIXED_NONE;
}

static gboolean
full_id_card (const char *part,
              gsize       length,
              char      **normal,
              GString    *digits)
{
  char id[PR_ID_CARD_LENGTH + 1];

  if (pr_identity_normalize_id_card (part, length, id) != PR_IDENTITY_VALUE_VALID)
    return FALSE;
  g_string_assign (digits, id);
  *normal = g_strdup (id);
  return TRUE;
}

static gboolean
masked_id_card (const char *part,
                gsize       length,
                GString    *shape)
{
  return mask_shape (part, length, shape) && shape->len == PR_ID_CARD_LENGTH;
}

/**
 * _pr_identity_mixed_id_card:
 * @value: a cell that reads as masked
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out caller-allocates): the full number, when they agree
 *
 * Returns: whether @value is a masked and a full ID card number, and
 *   whether they agree
 */
PrIdentityMixed
_pr_identity_mixed_id_card (const char *value,
                            gssize      length,
                            char        normal[PR_ID_CARD_LENGTH + 1])
{
  g_autofree char *full = NULL;
  PrIdentityMixed mixed = read_mixed (value, length, full_id_card, masked_id_card, &full);

  if (mixed == PR_IDENTITY_MIXED_AGREE)
    memcpy (normal, full, PR_ID_CARD_LENGTH + 1);
  return mixed;
}

static gboolean
full_mobile (const char *part,
             gsize       length,
             char      **normal,
             GString    *digits)
{
  PrPhoneKind kind;

  if (pr_identity_normalize_phone (part, length, normal, &kind) != PR_IDENTITY_VALUE_VALID)
    return FALSE;
  /* "m" and the 11 digits: only a mobile is compared with a masked mobile. */
  if (kind != PR_PHONE_MOBILE)
    {
      g_clear_pointer (normal, g_free);
      return FALSE;
    }
  g_string_assign (digits, *normal + 1);
  return TRUE;
}

static gboolean
masked_mobile (const char *part,
               gsize       length,
               GString    *shape)
{
  if (!mask_shape (part, length, shape))
    return FALSE;
  if (shape->len == 15 && g_str_has_prefix (shape->str, "0086"))
    g_string_erase (shape, 0, 4);
  else if (shape->len == 13 && g_str_has_prefix (shape->str, "86"))
    g_string_erase (shape, 0, 2);
  return shape->len == 11 && shape->str[0] == '1';
}

/**
 * _pr_identity_mixed_phone:
 * @value: one part of a phone cell that reads as masked
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out): the full number's normal form, when they agree
 *
 * Returns: whether @value is a masked and a full mobile, and whether they
 *   agree
 */
PrIdentityMixed
_pr_identity_mixed_phone (const char  *value,
                          gssize       length,
                          char       **normal)
{
  return read_mixed (value, length, full_mobile, masked_mobile, normal);
}
