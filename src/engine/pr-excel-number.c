/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A long number as Excel shows it in a General cell and saves it to CSV:
 * in scientific notation with the digits past the sixth lost (4.10105E+17
 * for an ID card number, 8.6138E+12 for +86 138 0013 8000), so that
 * different numbers read the same. Whatever such a value was, it is no
 * longer there to read.
 */
#define G_LOG_DOMAIN "pr-excel-number"

#include "config.h"

#include <string.h>

#include "pr-excel-number.h"

/**
 * pr_excel_is_scientific:
 * @text: a value
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: whether @text, white space around it aside, is a number in
 *   scientific notation with a positive exponent (1.23457E+17, 1E+11, in
 *   either case, and with the + left out as a server or a script writes a
 *   float: 4.1010519900101126e17, 1.5e15)
 */
gboolean
pr_excel_is_scientific (const char *text,
                        gssize      length)
{
  const char *p = text;
  const char *end;

  g_return_val_if_fail (text != NULL, FALSE);

  end = text + (length < 0 ? strlen (text) : (gsize) length);
  while (p < end && g_ascii_isspace (*p))
    p++;
  while (end > p && g_ascii_isspace (end[-1]))
    end--;
  if (p == end || !g_ascii_isdigit (*p++))
    return FALSE;
  if (p < end && *p == '.')
    {
      if (++p == end || !g_ascii_isdigit (*p))
        return FALSE;
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }
  if (end - p < 2 || (*p != 'E' && *p != 'e'))
    return FALSE;
  if (*++p == '+')
    p++;
  if (p == end || !g_ascii_isdigit (*p))
    return FALSE;
  for (; p < end && g_ascii_isdigit (*p); p++)
    ;
  return p == end;
}
