/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body that only points to an attachment (见附件, 详见附件。, 附件：材料.pdf,
 * 如附件所示) holds none of the matter: the matter is in the file, which the
 * table does not have. Two such bodies share their few words whatever the
 * files say, so the fingerprinter reads such a text as an empty one.
 */
#define G_LOG_DOMAIN "pr-attachment"

#include "config.h"

#include <string.h>

#include "pr-attachment.h"

/* Longer texts say something besides. */
#define MAX_LENGTH 200

/**
 * pr_text_is_attachment_only:
 * @text: a text field's value
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: whether @text says only that the matter is in an attachment:
 *   a pointer to it (见附件, 详见附件, 内容见附件, 如附件所示, 请查看附件,
 *   see attachment) and maybe the files' names
 */
gboolean
pr_text_is_attachment_only (const char *text,
                            gssize      length)
{
  static GRegex *pointer;
  g_autofree char *folded = NULL;
  GString *kept;
  gboolean only;

  g_return_val_if_fail (text != NULL, FALSE);

  if (length < 0)
    length = strlen (text);
  if (length == 0 || length > MAX_LENGTH || !g_utf8_validate_len (text, length, NULL))
    return FALSE;
  if (g_once_init_enter (&pointer))
    {
      /* Words to the reader, the pointer, what it points at, and files:
       * 具体情况详见附件, 如附件所示, 附件1：材料.pdf, 附件2.docx. */
      GRegex *regex = g_regex_new (
        "^(具体|详细|相关|有关|反映|信访|投诉|举报)?(内容|情况|事项|材料|诉求|问题)?"
        "(如|详|请|敬请|烦请)?(见|参见|参阅|查看|查阅|阅|看)?"
        "(附件|附图|附表|附页|附后材料|附后|附文|附档|attachments?|attached(file)?|附件材料)"
        "(所示|所述|内容|材料|说明)?"
        "([0-9一二三四五六七八九十]*[^/\\\\]*\\.(pdf|docx?|xlsx?|wps|jpe?g|png|gif|bmp|tiff?|zip|rar|7z|txt|ofd))*$"
        "|^(see|please see|refer to|as in|as per)(the)?(attachments?|attached(files?)?)$",
        G_REGEX_OPTIMIZE | G_REGEX_CASELESS, 0, NULL);

      g_once_init_leave (&pointer, regex);
    }

  /* Full-width forms folded; white space and punctuation out (but the
   * files' dots). */
  folded = g_utf8_normalize (text, length, G_NORMALIZE_NFKC);
  if (folded == NULL)
    return FALSE;
  kept = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || (g_unichar_ispunct (c) && c != '.' && c != '_' && c != '-'))
        continue;
      g_string_append_unichar (kept, c);
    }
  /* Sentence-final dots: 详见附件. */
  while (kept->len > 0 && kept->str[kept->len - 1] == '.' )
    g_string_truncate (kept, kept->len - 1);
  only = kept->len > 0 && g_regex_match (pointer, kept->str, 0, NULL);
  g_string_free (kept, TRUE);
  return only;
}
