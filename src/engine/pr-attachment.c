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
#include "pr-memory-stop.h"

/* Longer texts say something besides. */
#define MAX_LENGTH 200
/* A file's name may carry a word or two (材料, 情况说明, 照片); a name that
 * holds more Han characters than this tells the matter itself (关于我村土地被
 * 非法征收的情况反映.docx), so the text is a petition, not a pointer. */
#define MAX_NAME_HAN 8

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
  GMatchInfo *match = NULL;
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
       * 具体情况详见附件, 如附件所示, 附件1：材料.pdf, 附件2.docx. A file's
       * name is a short run without a comma, semicolon or full stop: those
       * end a sentence of the matter (证据见照片.jpg after a complaint). */
      GRegex *regex = g_regex_new (
        "^(具体|详细|相关|有关|反映|信访|投诉|举报)?(内容|情况|事项|材料|诉求|问题)?"
        "(如|详|请|敬请|烦请)?(见|参见|参阅|查看|查阅|阅|看)?"
        "(附件|附图|附表|附页|附后材料|附后|附文|附档|attachments?|attached(file)?|附件材料)"
        "(所示|所述|内容|材料|说明)?"
        "(?<files>([,;]?[0-9一二三四五六七八九十]*[^/\\\\,;。]{0,40}\\.(pdf|docx?|xlsx?|wps|jpe?g|png|gif|bmp|tiff?|zip|rar|7z|txt|ofd))*)$"
        "|^(see|please see|refer to|as in|as per)(the)?(attachments?|attached(files?)?)$",
        pr_memory_regex_optimize () | G_REGEX_CASELESS, 0, NULL);

      g_once_init_leave (&pointer, regex);
    }

  /* Full-width forms folded; white space and punctuation out, but the
   * files' dots and the marks that end a clause (，；。) which no file name
   * holds. */
  folded = g_utf8_normalize (text, length, G_NORMALIZE_NFKC);
  if (folded == NULL)
    return FALSE;
  kept = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) ||
          (g_unichar_ispunct (c) && c != '.' && c != '_' && c != '-' && c != ',' && c != ';' && c != 0x3002))
        continue;
      g_string_append_unichar (kept, c);
    }
  /* Sentence-final marks: 详见附件。 */
  for (gboolean trimmed = TRUE; trimmed && kept->len > 0;)
    {
      trimmed = FALSE;
      if (strchr (".,;", kept->str[kept->len - 1]) != NULL)
        g_string_truncate (kept, kept->len - 1), trimmed = TRUE;
      else if (g_str_has_suffix (kept->str, "。"))
        g_string_truncate (kept, kept->len - strlen ("。")), trimmed = TRUE;
    }
  only = kept->len > 0 && g_regex_match (pointer, kept->str, 0, &match);
  if (only)
    {
      g_autofree char *files = g_match_info_fetch_named (match, "files");
      guint han = 0;

      /* Each file's name on its own: its dot ends it. */
      for (const char *p = files != NULL ? files : ""; only && *p != '\0'; p = g_utf8_next_char (p))
        {
          if (*p == '.')
            han = 0;
          else if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
            only = ++han <= MAX_NAME_HAN;
        }
    }
  g_match_info_free (match);
  g_string_free (kept, TRUE);
  return only;
}
