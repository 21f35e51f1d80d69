/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a column tells of who sent a record. */
typedef enum {
  PR_IDENTITY_NONE,
  PR_IDENTITY_PETITIONER,  /* an identifier unique by itself (an account id) */
  PR_IDENTITY_NAME,        /* a person's name: never evidence alone */
  PR_IDENTITY_ID_CARD,     /* 居民身份证号 */
  PR_IDENTITY_PHONE,       /* one or more phone numbers */
  PR_IDENTITY_ADDRESS,     /* where the petitioner lives: evidence only with an equal name */
} PrIdentityRole;

#define PR_IDENTITY_N_ROLES (PR_IDENTITY_ADDRESS + 1)

/* What a value is worth as evidence. */
typedef enum {
  PR_IDENTITY_VALUE_EMPTY,    /* nothing written, or only white space */
  PR_IDENTITY_VALUE_VALID,    /* normalised, comparable */
  PR_IDENTITY_VALUE_MASKED,   /* 王某某, 张*, 138****1234: never evidence */
  PR_IDENTITY_VALUE_INVALID,  /* not such a value (a wrong check character, a short number) */
} PrIdentityValueState;

/* The kind of phone number, by its digits. */
typedef enum {
  PR_PHONE_MOBILE,     /* 11 digits from 13…19 */
  PR_PHONE_LANDLINE,   /* an area code 0xx or 0xxx and the local number */
  PR_PHONE_LOCAL,      /* a landline's 7 or 8 digits without an area code */
  PR_PHONE_REGION,     /* Hong Kong's, Macau's or Taiwan's, with +852, +853, +886 */
} PrPhoneKind;

/* A normalised ID card number: 18 characters and a NUL. */
#define PR_ID_CARD_LENGTH 18

/* The visible part of a masked value, at most this many characters and a NUL. */
#define PR_IDENTITY_PARTIAL_LENGTH 8

const char          *pr_identity_role_to_string     (PrIdentityRole   role);
char                 pr_id_card_check_character     (const char      *first17);
PrIdentityValueState pr_identity_normalize_id_card  (const char      *value,
                                                     gssize           length,
                                                     char             normal[PR_ID_CARD_LENGTH + 1]);
PrIdentityValueState pr_identity_normalize_phone    (const char      *value,
                                                     gssize           length,
                                                     char           **normal,
                                                     PrPhoneKind     *kind);
PrIdentityValueState pr_identity_normalize_phones   (const char      *value,
                                                     gssize           length,
                                                     GPtrArray       *normals);
PrIdentityValueState pr_identity_normalize_name     (const char      *value,
                                                     gssize           length,
                                                     char           **normal);
PrIdentityValueState pr_identity_normalize_address  (const char      *value,
                                                     gssize           length,
                                                     char           **normal);
PrIdentityValueState pr_identity_normalize_address_full (const char  *value,
                                                         gssize       length,
                                                         char       **normal,
                                                         gboolean    *no_home);
PrIdentityValueState pr_identity_read_names         (const char      *value,
                                                     gssize           length,
                                                     GPtrArray       *names,
                                                     GPtrArray       *conflict_only);
guint8               pr_identity_read_sex           (const char      *value,
                                                     gssize           length);
char                *pr_identity_name_with_holes    (const char      *value,
                                                     gssize           length);
gboolean             pr_identity_names_may_agree    (const char      *a,
                                                     const char      *b);
PrIdentityValueState pr_identity_normalize_petitioner (const char    *value,
                                                       gssize         length,
                                                       char         **normal);
gboolean             pr_identity_has_lost_character (const char      *value,
                                                     gssize           length);
void                 pr_identity_partial_phones     (const char      *value,
                                                     gssize           length,
                                                     GPtrArray       *partials,
                                                     GArray          *masked);
gboolean             pr_identity_partial_id_card    (const char      *value,
                                                     gssize           length,
                                                     char             partial[PR_IDENTITY_PARTIAL_LENGTH + 1]);
PrIdentityRole       pr_identity_guess_role         (const char *const *values,
                                                     guint            n_values);
PrIdentityValueState pr_identity_normalize          (PrIdentityRole   role,
                                                     const char      *value,
                                                     gssize           length,
                                                     GPtrArray       *normals);

/* Why two records are by the same petitioner. */
typedef enum {
  PR_IDENTITY_EVIDENCE_NONE,
  PR_IDENTITY_EVIDENCE_ID_CARD,          /* an equal valid ID card number */
  PR_IDENTITY_EVIDENCE_PHONE,            /* an equal phone, no name or ID card against it */
  PR_IDENTITY_EVIDENCE_PETITIONER,       /* an equal petitioner id */
  PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS, /* an equal name and an equal address */
  PR_IDENTITY_EVIDENCE_NAME_AND_PHONE,   /* an equal name and a front desk's phone */
  PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE,   /* an equal name and a mobile agreeing where masked */
  PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_ID_CARD, /* an equal name and an ID card agreeing where masked */
  PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE, /* an equal address and a mobile agreeing where masked */
} PrIdentityEvidence;

#define PR_IDENTITY_N_EVIDENCE (PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE + 1)

/* The version of the rules that say who is the same petitioner (what
 * pr-identity.c reads as evidence, how pr-identity-table.c compares it):
 * raise it with any change to them. Matches kept in the store that
 * asked these rules (the passages' lower containment for one petitioner)
 * are then found again. */
#define PR_IDENTITY_RULES_VERSION 15

/* Who sent a record, next to another (a cluster's primary): a repeat by
 * the same petitioner, or the same matter from another. */
typedef enum {
  PR_PETITIONER_UNKNOWN,  /* nothing to tell by: no identity column, masked or empty values */
  PR_PETITIONER_SAME,
  PR_PETITIONER_OTHER,
} PrPetitionerKind;

/* A phone written with this many different names or more is a front desk's
 * (a village committee, a community office, a lawyer): a family that
 * petitions together shares a phone among two or three names, seldom four.
 * Such a phone is evidence only together with an equal name. */
#define PR_IDENTITY_FRONT_DESK_NAMES 4

/* Per role, how its values were: counted as the records are added. */
typedef struct {
  guint64 n_valid[PR_IDENTITY_N_ROLES];
  guint64 n_masked[PR_IDENTITY_N_ROLES];
  guint64 n_invalid[PR_IDENTITY_N_ROLES];
  /* of the invalid, numbers in Excel's scientific notation (8.6138E+12) */
  guint64 n_scientific[PR_IDENTITY_N_ROLES];
  /* of the invalid, names, addresses and ids that lost a character to "?" (王?华) */
  guint64 n_lost[PR_IDENTITY_N_ROLES];
  guint64 n_front_desk_phones;  /* distinct phones found to be a front desk's */
  /* of the masked addresses, those naming no home (不详, 北京市朝阳区) */
  guint64 n_no_home;
} PrIdentityStats;

typedef struct _PrIdentityTable PrIdentityTable;

const char          *pr_identity_evidence_to_string (PrIdentityEvidence evidence);
PrIdentityTable     *pr_identity_table_new          (void);
void                 pr_identity_table_free         (PrIdentityTable *table);
guint32              pr_identity_table_add_record   (PrIdentityTable *table);
PrIdentityValueState pr_identity_table_add_value    (PrIdentityTable *table,
                                                     PrIdentityRole   role,
                                                     const char      *value,
                                                     gssize           length);
void                 pr_identity_table_finish       (PrIdentityTable *table);
gsize                pr_identity_table_get_n_records (const PrIdentityTable *table);
const PrIdentityStats *pr_identity_table_get_stats  (const PrIdentityTable *table);
char                *pr_identity_table_describe     (const PrIdentityTable *table);
PrPetitionerKind     pr_identity_table_compare      (const PrIdentityTable *table,
                                                     guint32          a,
                                                     guint32          b,
                                                     PrIdentityEvidence *evidence);
PrPetitionerKind     pr_identity_table_compare_by_roles (const PrIdentityTable *table,
                                                     guint32                a,
                                                     guint32                b,
                                                     PrIdentityEvidence    *evidence);
const guint64       *pr_identity_table_get_keys     (const PrIdentityTable *table,
                                                     guint32          record,
                                                     gsize           *n_keys);
gboolean             pr_identity_table_same         (const PrIdentityTable *table,
                                                     guint32          a,
                                                     guint32          b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrIdentityTable, pr_identity_table_free)

G_END_DECLS
