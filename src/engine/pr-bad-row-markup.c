/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is a document's markup rather than its text: HTML (a web
 * form's or an office system's rich text, <p style="font-family:宋体">…),
 * Chinese written as HTML character references (&#23567;) or an RTF
 * document ({\rtf1 … \'d0\'a1 for 小). Read as they stand, the tags, style
 * words and escapes are the words every such letter shares, and unrelated
 * letters are found as repeats. No one types these by hand, so a value
 * with a few of them is refused with what to do; a lone "<<" or "&" in a
 * letter is not markup.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* HTML elements that rich-text editors write (Word's <o:p> too). */
static const char *const html_tags[] = {
  "p", "br", "div", "span", "font", "b", "i", "u", "s", "strong", "em", "table", "tbody", "thead", "tr", "td",
  "th", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "img", "a", "o:p", "style", "html", "body",
  "head", "meta", "hr", "sup", "sub", "center", "pre", "blockquote", "section", "article", "label", "input",
  "title", "script", NULL
};

/* Named references a pasted page leaves (&nbsp; most of all). */
static const char *const html_entities[] = {
  "nbsp", "amp", "lt", "gt", "quot", "apos", "ldquo", "rdquo", "lsquo", "rsquo", "mdash", "hellip", "middot",
  "emsp", "ensp", "copy", NULL
};

static gboolean
in_list (const char *const *list,
         const char         *word,
         gsize               length)
{
  for (guint i = 0; list[i] != NULL; i++)
    if (strlen (list[i]) == length && g_ascii_strncasecmp (list[i], word, length) == 0)
      return TRUE;
  return FALSE;
}

/* Elements written without a closing tag. */
static const char *const html_void_tags[] = { "br", "hr", "img", "meta", "input", "o:p", NULL };

/* The length of an HTML tag of a known element at @p ("<p>", "</span>",
 * "<br/>", "<p style=…>"), or 0. @sure is set when it could only be
 * markup: a closing tag, an element that has none (<br>), a tag closed
 * in itself (<x/>) or one with an attribute (name=…). A bare opening tag
 * such as <a> or <p> is what a letter may write for a list's items or a
 * bracketed note, and is not counted. */
static gsize
html_tag_at (const char *p,
             const char *end,
             gboolean   *sure)
{
  const char *name = p + 1, *q;
  gboolean closing = FALSE;

  *sure = FALSE;
  if (name < end && *name == '/')
    {
      name++;
      closing = TRUE;
    }
  for (q = name; q < end && (g_ascii_isalnum (*q) || *q == ':'); q++)
    ;
  if (q == name || q >= end || !in_list (html_tags, name, q - name))
    return 0;
  if (*q == '>' || (*q == '/' && q + 1 < end && q[1] == '>'))
    {
      *sure = closing || *q == '/' || in_list (html_void_tags, name, q - name);
      return (gsize) (q - p + (*q == '/' ? 2 : 1));
    }
  if (closing || !g_ascii_isspace (*q))
    return 0;
  /* An attribute: its name, then "=". */
  while (q < end && g_ascii_isspace (*q))
    q++;
  if (q >= end || !g_ascii_isalpha (*q))
    return 0;
  while (q < end && (g_ascii_isalnum (*q) || *q == '-' || *q == ':' || *q == '_'))
    q++;
  if (q >= end || *q != '=')
    return 0;
  for (; q < end && *q != '>' && *q != '<' && *q != '\n'; q++)
    ;
  if (q >= end || *q != '>')
    return 0;
  *sure = TRUE;
  return (gsize) (q - p + 1);
}

/* At @p, a character reference "&name;", "&#23567;" or "&#x5c0f;": 1 for a
 * named one, 2 for a numeric one of an ideograph, else 0. A numeric one
 * may lack its ";" (&#23567, as browsers read it), not a digit of it. */
static int
html_reference_at (const char *p,
                   const char *end)
{
  const char *q = p + 1;
  guint64 code = 0;

  if (q < end && *q == '#')
    {
      gboolean hex = ++q < end && (*q == 'x' || *q == 'X');
      const char *digits = q += hex;

      for (; q < end && (hex ? g_ascii_isxdigit (*q) : g_ascii_isdigit (*q)) && q - digits < 7; q++)
        code = code * (hex ? 16 : 10) + (hex ? g_ascii_xdigit_value (*q) : g_ascii_digit_value (*q));
      if (q == digits || (q < end && (hex ? g_ascii_isxdigit (*q) : g_ascii_isdigit (*q))))
        return 0;
      return g_unichar_type ((gunichar) code) == G_UNICODE_OTHER_LETTER ? 2 : 0;
    }
  for (; q < end && g_ascii_isalpha (*q) && q - p < 10; q++)
    ;
  return q < end && *q == ';' && in_list (html_entities, p + 1, q - p - 1) ? 1 : 0;
}

/* RTF control words a document's text runs hold. */
static gboolean
rtf_control_at (const char *p,
                const char *end)
{
  static const char *const words[] = { "par", "pard", "line", "tab", "cf", "fs", "f", "lang", "b", "i", "plain",
                                       NULL };
  const char *q = p + 1;

  /* RTF writes its control words in lower case: B5\\B3 is a building's
   * number, not bold. */
  for (; q < end && g_ascii_islower (*q); q++)
    ;
  if (q == p + 1 || g_ascii_isupper (*q) || !in_list (words, p + 1, q - p - 1))
    return FALSE;
  return q == end || *q == ' ' || *q == '\\' || *q == '{' || *q == '}' || g_ascii_isdigit (*q) || *q == '-' ||
         *q == '\r' || *q == '\n';
}

/**
 * _pr_bad_row_markup:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is a document's
 *   markup rather than its text, or %NULL
 */
char *
_pr_bad_row_markup (const char *value,
                    gsize       length)
{
  const char *end = value + length, *start = value;
  guint tags = 0, named = 0, numeric = 0, rtf_hex = 0, rtf_words = 0;
  gboolean braces = FALSE;

  while (start < end && g_ascii_isspace (*start))
    start++;
  if (end - start >= 5 && memcmp (start, "{\\rtf", 5) == 0)
    rtf_words = 2;
  for (const char *p = start; p < end; p++)
    {
      gsize n;
      int reference;
      gboolean sure;

      if (*p == '<' && (n = html_tag_at (p, end, &sure)) > 0)
        {
          tags += sure;
          p += n - 1;
        }
      else if (*p == '&' && (reference = html_reference_at (p, end)) > 0)
        reference == 2 ? numeric++ : named++;
      else if (*p == '\\' && p + 3 < end && p[1] == '\'' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]))
        rtf_hex++;
      else if (*p == '\\' && rtf_control_at (p, end))
        rtf_words++;
      else if (*p == '{')
        braces = TRUE;
    }
  /* Control words count only with a group's braces (the document's head
   * has one): a folder path (C:\\files\\b\\i\\par) has none. */
  if ((rtf_words >= 2 && braces) || rtf_hex >= 4)
    return g_strdup (_("the value is an RTF document (control words such as {\\rtf1, \\par or \\'d0\\'a1 for a "
                       "Chinese character), whose control words would be compared as the letter's words, so "
                       "that unrelated letters match: store or export the text as plain text and scan that"));
  if (numeric >= 4)
    return g_strdup (_("the value writes its Chinese characters as HTML character references (such as "
                       "&#23567; for 小), whose digits would be compared as the letter's words: decode them "
                       "(export the text as plain text) and scan that"));
  if (tags + named >= 2)
    return g_strdup (_("the value is HTML (tags such as <p> or <span style=…>, or &nbsp;), whose tags and "
                       "style words would be compared as the letter's words, so that unrelated letters "
                       "match: store or export the text without its markup (as plain text) and scan that"));
  return NULL;
}
