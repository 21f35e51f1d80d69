/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body that only points to an attachment (见附件, 附件：材料.pdf) holds
 * none of the matter, so two such bodies are no evidence of one matter:
 * the fingerprinter reads them as it reads an empty body. Oracle: the same
 * record with its body empty (NULL), and the list of pointers written here.
 */
#define G_LOG_DOMAIN "pr-test-attachment"

#include "config.h"

#include "pr-attachment.h"
#include "pr-fingerprinter.h"
#include "pr-pair-features.h"
#include "pr-tokenizer.h"

static const char *const pointers[] = {
  "见附件", "详见附件。", "附件：材料.pdf", "如附件所示", "具体情况详见附件", "内容见附件！", "请查看附件",
  "附件1：情况说明.docx 附件2：照片.jpg", "附件", "  详见 附件  ", "见附件。。", "See attachment.",
  "详见附件材料", "诉求详见附件",
};

static const char *const not_pointers[] = {
  "见附件。另外，村委会至今未答复我们的补偿诉求。",
  "附件中的合同第三条约定的补偿款至今未付",
  "我家房屋被强拆，材料见附件，请领导督办",
  "附件：本人张三，住西岚市某村，2023年3月房屋被强拆，至今未获补偿，要求依法赔偿。证据见照片.jpg",
  "附件一：关于我村土地被非法征收的情况反映.docx",
  "反映问题见附件：村支书王某侵占集体资金50万元.pdf",
};

static void
test_pointers (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (pointers); i++)
    {
      g_test_message ("%s", pointers[i]);
      g_assert_true (pr_text_is_attachment_only (pointers[i], -1));
    }
  for (guint i = 0; i < G_N_ELEMENTS (not_pointers); i++)
    {
      g_test_message ("%s", not_pointers[i]);
      g_assert_false (pr_text_is_attachment_only (not_pointers[i], -1));
    }
  g_assert_false (pr_text_is_attachment_only ("", -1));
}

static PrFingerprint
fingerprint (const char *subject,
             const char *body)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  const char *values[] = { "1", subject, body };
  g_autoptr(GError) error = NULL;
  PrFingerprint result;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, &error);
  g_assert_no_error (error);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);
  g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &result, &error));
  g_assert_no_error (error);
  return result;
}

static void
clear (PrFingerprint *fp)
{
  g_free (fp->parts);
  g_free (fp->features);
  g_free (fp->words);
  g_free (fp->column_words);
}

/* Each pointer as the only text: sparse, as an empty body is, so never
 * paired; beside a subject: the fingerprint and parts of the subject alone. */
static void
test_read_as_empty (void)
{
  PrFingerprint empty = fingerprint (NULL, NULL);
  PrFingerprint subject_only = fingerprint ("关于城西村拆迁补偿款未发放的问题", NULL);

  g_assert_true (empty.sparse);
  g_assert_false (subject_only.sparse);
  for (guint i = 0; i < G_N_ELEMENTS (pointers); i++)
    {
      PrFingerprint alone = fingerprint (NULL, pointers[i]);
      PrFingerprint with_subject = fingerprint ("关于城西村拆迁补偿款未发放的问题", pointers[i]);

      g_test_message ("%s", pointers[i]);
      g_assert_true (alone.sparse);
      g_assert_cmpuint (alone.n_tokens, ==, 0);
      g_assert_cmphex (alone.fingerprint, ==, empty.fingerprint);
      g_assert_cmphex (with_subject.fingerprint, ==, subject_only.fingerprint);
      g_assert_cmpuint (with_subject.n_tokens, ==, subject_only.n_tokens);
      g_assert_cmpuint (with_subject.n_parts, ==, subject_only.n_parts);
      clear (&alone);
      clear (&with_subject);
    }
  clear (&empty);
  clear (&subject_only);
}

/* The second stage's measures of a pair whose bodies only point to
 * attachments are those of a pair with no bodies: the same words are no
 * sign of one matter. */
static void
test_judge_features (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  const char *subject = "关于城西村拆迁补偿款未发放的问题";

  for (guint i = 0; i < G_N_ELEMENTS (pointers); i++)
    {
      PrPairRecord a = { pointers[i], subject, 1560000000, 0, 0, NULL, 0 };
      PrPairRecord b = { "详见附件。", subject, 1560086400, 0, 0, NULL, 0 };
      PrPairRecord empty_a = { NULL, subject, 1560000000, 0, 0, NULL, 0 };
      PrPairRecord empty_b = { NULL, subject, 1560086400, 0, 0, NULL, 0 };
      double got[PR_PAIR_N_FEATURES], want[PR_PAIR_N_FEATURES];
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", pointers[i]);
      g_assert_true (pr_pair_features (tokenizer, &a, &b, got, &error));
      g_assert_no_error (error);
      g_assert_true (pr_pair_features (tokenizer, &empty_a, &empty_b, want, &error));
      g_assert_no_error (error);
      for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
        g_assert_cmpfloat (got[f], ==, want[f]);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/attachment/pointers", test_pointers);
  g_test_add_func ("/engine/attachment/read-as-empty", test_read_as_empty);
  g_test_add_func ("/engine/attachment/judge-features", test_judge_features);
  return g_test_run ();
}
