/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A number as a person writes it: decimal digits, a point, an exponent.
 * strtod also reads C's hexadecimal floats (0x1p-1 is 0.5), which no one
 * types for a weight or a share on purpose: taken, a slip would change
 * the result without a word. "inf" and "nan" are read, so that the
 * caller's range check names them as out of range.
 */
#define G_LOG_DOMAIN "pr-decimal"

#include "config.h"

#include "pr-decimal.h"

static const char *
skip_digits (const char *p,
             guint      *n)
{
  *n = 0;
  while (g_ascii_isdigit (*p))
    {
      p++;
      (*n)++;
    }
  return p;
}

/**
 * pr_decimal_parse:
 * @text: the number as typed
 * @value: (out) (optional): its value
 *
 * Reads [sign] digits [. digits] [e [sign] digits], white space around
 * it allowed, as strtod does, at least one digit before the exponent; or
 * [sign] inf, infinity or nan, in any case, which no range holds.
 *
 * Returns: whether @text is such a number
 */
gboolean
pr_decimal_parse (const char *text,
                  double     *value)
{
  const char *p = text;
  guint whole, fraction, exponent;
  char *end = NULL;
  double parsed;

  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    p++;
  if (g_ascii_strncasecmp (p, "inf", 3) == 0 || g_ascii_strncasecmp (p, "nan", 3) == 0)
    {
      parsed = g_ascii_strtod (text, &end);
      while (g_ascii_isspace (*end))
        end++;
      if (*end != '\0')
        return FALSE;
      if (value != NULL)
        *value = parsed;
      return TRUE;
    }
  p = skip_digits (p, &whole);
  fraction = 0;
  if (*p == '.')
    p = skip_digits (p + 1, &fraction);
  if (whole + fraction == 0)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '+' || *p == '-')
        p++;
      p = skip_digits (p, &exponent);
      if (exponent == 0)
        return FALSE;
    }
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    return FALSE;
  parsed = g_ascii_strtod (text, NULL);
  if (value != NULL)
    *value = parsed;
  return TRUE;
}
