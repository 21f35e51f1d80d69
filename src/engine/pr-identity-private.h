/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-identity.h"

G_BEGIN_DECLS

/* Shared by the readers of pr-identity.c and pr-identity-phone.c. */
char                *_pr_identity_fold              (const char  *value,
                                                     gssize       length);
PrIdentityValueState _pr_identity_fold_number       (const char  *value,
                                                     gssize       length,
                                                     char       **folded);
gboolean             _pr_identity_names_nobody      (const char  *folded,
                                                     gboolean     number);
gboolean             _pr_identity_is_written_name   (const char  *value,
                                                     gssize       length);
gboolean             _pr_identity_is_error_value    (const char  *folded);
gboolean             _pr_identity_is_zero_width     (gunichar     c);
gboolean             _pr_identity_is_mask_character (gunichar     c);
char                *_pr_identity_without_number    (const char  *piece);
gboolean             _pr_identity_is_plus_between   (const char  *p);

/* A label written before a number (电话, 手机号码, 身份证号, Phone, QQ, 邮编),
 * as a regular expression read without case. */
#define NUMBER_LABEL "(?:(?:联系|办公|家庭|住宅)?(?:电话|手机|座机|固话|身份证件?|证件|qq|tel|phone|mobile|id|微信|邮编|邮政编码)" \
                     "(?:号码?|no\\.?)?|联系方式|方式)"

/* An ASCII digit: g_ascii_isdigit() of a whole character would read 电
 * (U+7535) as the 5 of its low byte. */
static inline gboolean
_pr_identity_is_digit (gunichar c)
{
  return c < 0x80 && g_ascii_isdigit ((char) c);
}

/* Words and given names (pr-identity-words.c). */
gboolean _pr_identity_is_one_word      (const char *text);
gboolean _pr_identity_is_phrase        (const char *text);
gboolean _pr_identity_given_name_reads (const char *text,
                                       gboolean    sole);
gboolean _pr_identity_given_name_never (const char *text);

/* A given name after an honorific's surname: up to this many characters. */
#define HONORIFIC_GIVEN "???"

/* A whole Han name; a text without its white space (pr-identity-names.c). */
gboolean _pr_identity_is_address_form (const char *text);
gboolean _pr_identity_is_han_name     (const char *text);
gboolean _pr_identity_is_surname_alone (const char *text);
gboolean _pr_identity_is_birth_order_name (const char *name);
gboolean _pr_identity_may_be_birth_order_of (const char *a,
                                             const char *b);
char    *_pr_identity_without_spaces  (const char *text);
gboolean _pr_identity_holds_any       (const char *text,
                                       const char *chars);

/* The words beside names (pr-identity-name-words.c). */
gboolean _pr_identity_is_group_stem       (const char  *name,
                                           char       **stem);
gboolean _pr_identity_is_group            (const char  *name);
gboolean _pr_identity_is_group_title_len  (const char  *text,
                                           gsize        length);
gboolean _pr_identity_is_group_title      (const char  *text);
gboolean _pr_identity_is_compound_surname (const char  *stem);
char    *_pr_identity_masked_surname     (const char  *piece);
gboolean _pr_identity_is_mask_stem        (const char  *stem);
gboolean _pr_identity_is_role_word        (const char  *rest);
gsize    _pr_identity_kin_or_collective   (const char  *rest);

/* What is written around a name (pr-identity-around.c). */
char      **_pr_identity_relation_of (const char *piece);
char      **_pr_identity_relations_joined (const char *piece);
char       *_pr_identity_unowned_relative (const char *text);
char      **_pr_identity_relation_of_whose (const char *whose,
                                            const char *piece);
gboolean    _pr_identity_is_relation (const char *name,
                                      gsize      *whose);
gboolean    _pr_identity_ends_in_name (const char *text);
char       *_pr_identity_before_age  (const char *name);
const char *_pr_identity_after_origin (const char *name);

/* A cell of a masked and a full number (pr-identity-mixed.c). */
typedef enum {
  PR_IDENTITY_MIXED_NONE,      /* not such a cell */
  PR_IDENTITY_MIXED_AGREE,     /* the full number fits the mask: it is the cell's */
  PR_IDENTITY_MIXED_DISAGREE,  /* it does not: the cell is no evidence */
} PrIdentityMixed;

PrIdentityMixed _pr_identity_mixed_id_card (const char *value,
                                            gssize      length,
                                            char        normal[PR_ID_CARD_LENGTH + 1]);
PrIdentityMixed _pr_identity_mixed_phone   (const char  *value,
                                            gssize       length,
                                            char       **normal);

G_END_DECLS
