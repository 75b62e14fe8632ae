// The constructions' claims as Coq theorems (verify/coq/*.v): the statement of each, exactly as
// its file holds it between `(* uldp:statement NAME *)` and `(* uldp:end *)`; coq_test compares
// them with the checked-in files.
#include "internal/construction_coq.h"

#include <array>

namespace uldp::verify::internal {
namespace {

struct ConstructionTheorem {
  const char* claim;
  const char* module;
  const char* statement;
};

constexpr std::array kTheorems{
    ConstructionTheorem{
        "composition", "Composition",
        R"coq(Definition comp_Q (Q0 : nat -> nat -> R) (Q1 : nat -> nat -> nat -> R) (x : nat) (y : nat * nat)
  : R := Q0 x (fst y) * Q1 (fst y) x (snd y).
Definition comp_Yp (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  Protected m0 P0 (fst y) /\ Protected m1 P1 (snd y).
Definition comp_Yi (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  (fst y < m0)%nat /\ (snd y < m1)%nat /\ andb (P0 (fst y)) (P1 (snd y)) = false.
Theorem composition : forall (k m0 m1 : nat) (S P0 P1 : nat -> bool) (Q0 : nat -> nat -> R)
  (Q1 : nat -> nat -> nat -> R) (t0 t1 : R),
  1 <= t0 -> 1 <= t1 ->
  Mechanism k m0 Q0 -> ULDP k S (Protected m0 P0) (Invertible m0 P0) Q0 t0 ->
  (forall y0, (y0 < m0)%nat ->
     Mechanism k m1 (Q1 y0) /\ ULDP k S (Protected m1 P1) (Invertible m1 P1) (Q1 y0) t1) ->
  (forall x y0 y1, (x < k)%nat -> (y0 < m0)%nat -> (y1 < m1)%nat ->
     0 <= comp_Q Q0 Q1 x (y0, y1)) /\
  (forall x, (x < k)%nat -> rsum m0 (fun y0 => rsum m1 (fun y1 => comp_Q Q0 Q1 x (y0, y1))) = 1) /\
  ULDP k S (comp_Yp m0 m1 P0 P1) (comp_Yi m0 m1 P0 P1) (comp_Q Q0 Q1) (t0 * t1).
)coq"},
    ConstructionTheorem{
        "composition_literal", "Composition",
        R"coq(Definition comp_Q (Q0 : nat -> nat -> R) (Q1 : nat -> nat -> nat -> R) (x : nat) (y : nat * nat)
  : R := Q0 x (fst y) * Q1 (fst y) x (snd y).
Definition comp_Yp (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  Protected m0 P0 (fst y) /\ Protected m1 P1 (snd y).
Definition comp_Yi (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  (fst y < m0)%nat /\ (snd y < m1)%nat /\ andb (P0 (fst y)) (P1 (snd y)) = false.
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
Definition id_Q1 (y0 x y1 : nat) : R := id_Q x y1.
Theorem composition_literal :
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q 1 /\
  (forall y0, (y0 < 2)%nat -> Mechanism 2 2 (id_Q1 y0) /\
     ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
       (id_Q1 y0) 1) /\
  ~ ULDPLiteral 2 (fun _ => false) (comp_Yp 2 2 (fun _ => false) (fun _ => false))
      (comp_Yi 2 2 (fun _ => false) (fun _ => false)) (comp_Q id_Q id_Q1) (1 * 1).
)coq"},
    ConstructionTheorem{
        "composition_q1_not_invertible", "Composition",
        R"coq(Definition comp_Q (Q0 : nat -> nat -> R) (Q1 : nat -> nat -> nat -> R) (x : nat) (y : nat * nat)
  : R := Q0 x (fst y) * Q1 (fst y) x (snd y).
Definition comp_Yp (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  Protected m0 P0 (fst y) /\ Protected m1 P1 (snd y).
Definition comp_Yi (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  (fst y < m0)%nat /\ (snd y < m1)%nat /\ andb (P0 (fst y)) (P1 (snd y)) = false.
Definition one_Q (x y : nat) : R := 1.
Definition one_Q1 (y0 x y1 : nat) : R := 1.
Theorem composition_q1_not_invertible :
  Mechanism 2 1 one_Q /\
  ULDP 2 (fun x => Nat.eqb x 0) (Protected 1 (fun _ => true)) (Invertible 1 (fun _ => true))
    one_Q 1 /\
  (forall y0, (y0 < 1)%nat -> Mechanism 2 1 (one_Q1 y0) /\
     RatioBound 2 (Protected 1 (fun _ => false)) (one_Q1 y0) 1) /\
  ~ ULDP 2 (fun x => Nat.eqb x 0) (comp_Yp 1 1 (fun _ => true) (fun _ => false))
      (comp_Yi 1 1 (fun _ => true) (fun _ => false)) (comp_Q one_Q one_Q1) (1 * 1).
)coq"},
    ConstructionTheorem{
        "mutant_composition_budgets_added", "Composition",
        R"coq(Definition comp_Q (Q0 : nat -> nat -> R) (Q1 : nat -> nat -> nat -> R) (x : nat) (y : nat * nat)
  : R := Q0 x (fst y) * Q1 (fst y) x (snd y).
Definition comp_Yp (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  Protected m0 P0 (fst y) /\ Protected m1 P1 (snd y).
Definition comp_Yi (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  (fst y < m0)%nat /\ (snd y < m1)%nat /\ andb (P0 (fst y)) (P1 (snd y)) = false.
Definition rr_Q (t : R) (x y : nat) : R := if Nat.eqb x y then t / (1 + t) else 1 / (1 + t).
Definition rr_Q1 (t : R) (y0 x y1 : nat) : R := rr_Q t x y1.
Theorem mutant_composition_budgets_added :
  Mechanism 2 2 (rr_Q (15/8)) /\
  ULDP 2 (fun _ => true) (Protected 2 (fun _ => true)) (Invertible 2 (fun _ => true))
    (rr_Q (15/8)) (15/8) /\
  (forall y0, (y0 < 2)%nat -> Mechanism 2 2 (rr_Q1 (13/4) y0) /\
     ULDP 2 (fun _ => true) (Protected 2 (fun _ => true)) (Invertible 2 (fun _ => true))
       (rr_Q1 (13/4) y0) (13/4)) /\
  ~ RatioBound 2 (comp_Yp 2 2 (fun _ => true) (fun _ => true))
      (comp_Q (rr_Q (15/8)) (rr_Q1 (13/4))) (15/8 + 13/4).
)coq"},
    ConstructionTheorem{"post_processing", "PostProcessing",
                        R"coq(Definition pp_Q (Q0 Q1 : nat -> nat -> R) (n : nat) (x z : nat) : R :=
  rsum n (fun y => Q1 y z * Q0 x y).
Definition PreservesDataTypes (n m : nat) (P PZ : nat -> bool) (Q1 : nat -> nat -> R) : Prop :=
  (forall y z, Invertible n P y -> Protected m PZ z -> Q1 y z = 0) /\
  (forall z, Invertible m PZ z -> exists y, Invertible n P y /\ 0 < Q1 y z /\
     forall y', (y' < n)%nat -> y' <> y -> Q1 y' z = 0).
Theorem post_processing : forall (k n m : nat) (S P PZ : nat -> bool) (Q0 Q1 : nat -> nat -> R)
  (t : R),
  1 <= t -> Mechanism k n Q0 -> Mechanism n m Q1 -> PreservesDataTypes n m P PZ Q1 ->
  Mechanism k m (pp_Q Q0 Q1 n) /\
  (ULDPLiteral k S (Protected n P) (Invertible n P) Q0 t ->
   ULDPLiteral k S (Protected m PZ) (Invertible m PZ) (pp_Q Q0 Q1 n) t) /\
  (ULDP k S (Protected n P) (Invertible n P) Q0 t ->
   ULDP k S (Protected m PZ) (Invertible m PZ) (pp_Q Q0 Q1 n) t).
)coq"},
    ConstructionTheorem{"post_processing_reaches_protected", "PostProcessing",
                        R"coq(Definition pp_Q (Q0 Q1 : nat -> nat -> R) (n : nat) (x z : nat) : R :=
  rsum n (fun y => Q1 y z * Q0 x y).
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
Theorem post_processing_reaches_protected : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (forall z, Invertible 2 (fun _ => true) z -> exists y, Invertible 2 (fun _ => false) y /\
     0 < id_Q y z /\ forall y', (y' < 2)%nat -> y' <> y -> id_Q y' z = 0) /\
  ~ RatioBound 2 (Protected 2 (fun _ => true)) (pp_Q id_Q id_Q 2) t.
)coq"},
    ConstructionTheorem{"post_processing_not_invertible", "PostProcessing",
                        R"coq(Definition pp_Q (Q0 Q1 : nat -> nat -> R) (n : nat) (x z : nat) : R :=
  rsum n (fun y => Q1 y z * Q0 x y).
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
Definition one_Q (y z : nat) : R := 1.
Theorem post_processing_not_invertible : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\ Mechanism 2 1 one_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (forall y z, Invertible 2 (fun _ => false) y -> Protected 1 (fun _ => false) z -> one_Q y z = 0) /\
  ~ ULDPLiteral 2 (fun _ => false) (Protected 1 (fun _ => false)) (Invertible 1 (fun _ => false))
      (pp_Q id_Q one_Q 2) t /\
  ~ ULDP 2 (fun _ => false) (Protected 1 (fun _ => false)) (Invertible 1 (fun _ => false))
      (pp_Q id_Q one_Q 2) t.
)coq"},
    ConstructionTheorem{"mutant_post_processing_invertible_into_protected", "PostProcessing",
                        R"coq(Definition pp_Q (Q0 Q1 : nat -> nat -> R) (n : nat) (x z : nat) : R :=
  rsum n (fun y => Q1 y z * Q0 x y).
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
Definition sens_z0 (z : nat) : bool := Nat.eqb z 0.
Theorem mutant_post_processing_invertible_into_protected : forall t : R, 1 <= t ->
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q t /\
  (Invertible 2 (fun _ => false) 0%nat /\ Protected 2 sens_z0 0%nat /\ 0 < id_Q 0%nat 0%nat) /\
  (forall y z, Invertible 2 (fun _ => false) y -> Protected 2 sens_z0 z ->
     ~ (y = 0%nat /\ z = 0%nat) -> id_Q y z = 0) /\
  (forall z, Invertible 2 sens_z0 z -> exists y, Invertible 2 (fun _ => false) y /\
     0 < id_Q y z /\ forall y', (y' < 2)%nat -> y' <> y -> id_Q y' z = 0) /\
  ~ RatioBound 2 (Protected 2 sens_z0) (pp_Q id_Q id_Q 2) t.
)coq"},
    ConstructionTheorem{
        "ldp_compatibility", "LdpCompatibility",
        R"coq(Definition pair_Q (QA QB : nat -> nat -> R) (x : nat) (y : nat * nat) : R :=
  QA x (fst y) * QB x (snd y).
Theorem ldp_compatibility : forall (k mA mB : nat) (S P : nat -> bool) (QA QB : nat -> nat -> R)
  (tA tB : R),
  1 <= tA -> 1 <= tB -> Mechanism k mA QA -> Mechanism k mB QB ->
  ULDP k S (Protected mA P) (Invertible mA P) QA tA -> LDP k (Outputs mB) QB tB ->
  RatioBound k (fun y => Protected mA P (fst y) /\ Outputs mB (snd y)) (pair_Q QA QB) (tA * tB).
)coq"},
    ConstructionTheorem{
        "ldp_compatibility_unprotected_output", "LdpCompatibility",
        R"coq(Definition pair_Q (QA QB : nat -> nat -> R) (x : nat) (y : nat * nat) : R :=
  QA x (fst y) * QB x (snd y).
Definition rr_Q (t : R) (x y : nat) : R := if Nat.eqb x y then t / (1 + t) else 1 / (1 + t).
Definition urr_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1 else 0) else 1/2.
Definition sens0 (x : nat) : bool := Nat.eqb x 0.
Theorem ldp_compatibility_unprotected_output :
  Mechanism 2 2 urr_ex_Q /\ Mechanism 2 2 (rr_Q 2) /\
  ULDP 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  LDP 2 (Outputs 2) (rr_Q 2) 2 /\
  ~ RatioBound 2 (fun y => Outputs 2 (fst y) /\ Outputs 2 (snd y)) (pair_Q urr_ex_Q (rr_Q 2))
      (2 * 2).
)coq"},
    ConstructionTheorem{
        "mutant_ldp_compatibility_larger_budget", "LdpCompatibility",
        R"coq(Definition pair_Q (QA QB : nat -> nat -> R) (x : nat) (y : nat * nat) : R :=
  QA x (fst y) * QB x (snd y).
Definition rr_Q (t : R) (x y : nat) : R := if Nat.eqb x y then t / (1 + t) else 1 / (1 + t).
Theorem mutant_ldp_compatibility_larger_budget :
  Mechanism 2 2 (rr_Q 2) /\ Mechanism 2 2 (rr_Q 3) /\
  ULDP 2 (fun _ => true) (Protected 2 (fun _ => true)) (Invertible 2 (fun _ => true)) (rr_Q 2) 2 /\
  LDP 2 (Outputs 2) (rr_Q 3) 3 /\
  ~ RatioBound 2 (fun y => Protected 2 (fun _ => true) (fst y) /\ Outputs 2 (snd y))
      (pair_Q (rr_Q 2) (rr_Q 3)) (Rmax 2 3).
)coq"},
    ConstructionTheorem{
        "uldp_implies_osldp", "UldpImpliesOsldp",
        R"coq(Theorem uldp_implies_osldp : forall (Y : Type) (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop)
  (Q : nat -> Y -> R) (t : R),
  1 <= t ->
  (forall x y, (x < k)%nat -> Yp y \/ Yi y -> 0 <= Q x y) ->
  (ULDP k S Yp Yi Q t -> OSLDP k S (fun y => Yp y \/ Yi y) Q t) /\
  (ULDPLiteral k S Yp Yi Q t -> OSLDP k S (fun y => Yp y \/ Yi y) Q t).
)coq"},
    ConstructionTheorem{"osldp_not_uldp", "UldpImpliesOsldp",
                        R"coq(Definition sens0 (x : nat) : bool := Nat.eqb x 0.
Definition osldp_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1/10 else 9/10) else 1/2.
Theorem osldp_not_uldp :
  Mechanism 2 2 osldp_ex_Q /\ OSLDP 2 sens0 (Outputs 2) osldp_ex_Q 2 /\
  forall P : nat -> bool, ~ ULDP 2 sens0 (Protected 2 P) (Invertible 2 P) osldp_ex_Q 2.
)coq"},
    ConstructionTheorem{"mutant_uldp_implies_ldp", "UldpImpliesOsldp",
                        R"coq(Definition sens0 (x : nat) : bool := Nat.eqb x 0.
Definition urr_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1 else 0) else 1/2.
Theorem mutant_uldp_implies_ldp :
  Mechanism 2 2 urr_ex_Q /\
  ULDPLiteral 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  ULDP 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  ~ LDP 2 (Outputs 2) urr_ex_Q 2.
)coq"},
    ConstructionTheorem{
        "pum_uldp", "Pum",
        R"coq(Definition pum_fpre (k : nat) (tag : nat -> option nat) (x : nat) : nat :=
  match tag x with
  | Some j => (k + j)%nat
  | None => x
  end.

Definition pum_Q (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc (pum_fpre k tag x) y.
Definition pum_ZS (k : nat) (S : nat -> bool) (z : nat) : bool :=
  if Nat.ltb z k then S z else true.

Definition pum_XS (S : nat -> bool) (tag : nat -> option nat) (x : nat) : bool :=
  match tag x with
  | Some _ => true
  | None => S x
  end.
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
Theorem pum_uldp : forall (k kappa m : nat) (S P : nat -> bool) (tag : nat -> option nat)
    (Qc : nat -> nat -> R) (t : R),
  pum_Tagging k kappa tag ->
  ULDP (k + kappa) (pum_ZS k S) (Protected m P) (Invertible m P) Qc t ->
  ULDP k (pum_XS S tag) (Protected m P) (Invertible m P) (pum_Q k tag Qc) t /\
  (Mechanism (k + kappa) m Qc -> Mechanism k m (pum_Q k tag Qc)).
)coq"},
    ConstructionTheorem{
        "pum_users_indistinguishable", "Pum",
        R"coq(Definition pum_fpre (k : nat) (tag : nat -> option nat) (x : nat) : nat :=
  match tag x with
  | Some j => (k + j)%nat
  | None => x
  end.

Definition pum_Q (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc (pum_fpre k tag x) y.
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
Theorem pum_users_indistinguishable : forall (k kappa m : nat) (P : nat -> bool)
    (tag_i tag_j : nat -> option nat) (Qc : nat -> nat -> R) (t : R),
  pum_Tagging k kappa tag_i -> pum_Tagging k kappa tag_j ->
  RatioBound (k + kappa) (Protected m P) Qc t ->
  forall x y, (x < k)%nat -> Protected m P y ->
  pum_Q k tag_i Qc x y <= t * pum_Q k tag_j Qc x y.
)coq"},
    ConstructionTheorem{
        "pum_uldp_literal", "Pum",
        R"coq(Definition pum_fpre (k : nat) (tag : nat -> option nat) (x : nat) : nat :=
  match tag x with
  | Some j => (k + j)%nat
  | None => x
  end.

Definition pum_Q (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc (pum_fpre k tag x) y.
Definition pum_ZS (k : nat) (S : nat -> bool) (z : nat) : bool :=
  if Nat.ltb z k then S z else true.

Definition pum_XS (S : nat -> bool) (tag : nat -> option nat) (x : nat) : bool :=
  match tag x with
  | Some _ => true
  | None => S x
  end.
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
Definition pum_ex_Qc (z y : nat) : R :=
  match z, y with
  | O, O => 1 / 2
  | O, S O => 1 / 2
  | S O, O => 1
  | _, _ => 0
  end.
Theorem pum_uldp_literal :
  pum_Tagging 1 1 (fun _ => Some 0%nat) /\ Mechanism 2 2 pum_ex_Qc /\
  ULDPLiteral 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ Cond1Literal 1 (pum_XS (fun _ => false) (fun _ => Some 0%nat))
      (Invertible 2 (fun y => Nat.eqb y 0)) (pum_Q 1 (fun _ => Some 0%nat) pum_ex_Qc).
)coq"},
    ConstructionTheorem{
        "pum_users_unprotected_output", "Pum",
        R"coq(Definition pum_fpre (k : nat) (tag : nat -> option nat) (x : nat) : nat :=
  match tag x with
  | Some j => (k + j)%nat
  | None => x
  end.

Definition pum_Q (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc (pum_fpre k tag x) y.
Definition pum_ZS (k : nat) (S : nat -> bool) (z : nat) : bool :=
  if Nat.ltb z k then S z else true.
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
Definition pum_ex_Qc (z y : nat) : R :=
  match z, y with
  | O, O => 1 / 2
  | O, S O => 1 / 2
  | S O, O => 1
  | _, _ => 0
  end.
Theorem pum_users_unprotected_output :
  pum_Tagging 1 1 (fun _ => None) /\ pum_Tagging 1 1 (fun _ => Some 0%nat) /\
  Mechanism 2 2 pum_ex_Qc /\
  ULDPLiteral 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ (forall x y, (x < 1)%nat -> Outputs 2 y ->
       pum_Q 1 (fun _ => None) pum_ex_Qc x y <= 2 * pum_Q 1 (fun _ => Some 0%nat) pum_ex_Qc x y).
)coq"},
    ConstructionTheorem{"mutant_pum_tags_leak", "Pum",
                        R"coq(Definition pum_ZS (k : nat) (S : nat -> bool) (z : nat) : bool :=
  if Nat.ltb z k then S z else true.

Definition pum_XS (S : nat -> bool) (tag : nat -> option nat) (x : nat) : bool :=
  match tag x with
  | Some _ => true
  | None => S x
  end.
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
Definition pum_ex_Qc (z y : nat) : R :=
  match z, y with
  | O, O => 1 / 2
  | O, S O => 1 / 2
  | S O, O => 1
  | _, _ => 0
  end.
Definition pum_Q_leak (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc x y.

Theorem mutant_pum_tags_leak :
  pum_Tagging 1 1 (fun _ => Some 0%nat) /\ Mechanism 2 2 pum_ex_Qc /\
  ULDP 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ Cond1Reachable 1 (pum_XS (fun _ => false) (fun _ => Some 0%nat))
      (Invertible 2 (fun y => Nat.eqb y 0)) (pum_Q_leak 1 (fun _ => Some 0%nat) pum_ex_Qc).
)coq"},
    ConstructionTheorem{"uldp_from_ldp", "UldpFromLdp",
                        R"coq(Fixpoint ufl_rank (p : nat -> bool) (x : nat) : nat :=
  match x with
  | O => O
  | S x' => (ufl_rank p x' + (if p x' then 1 else 0))%nat
  end.

Definition ufl_own (m : nat) (r : nat -> R) : R := 1 - rsum m r.

Definition ufl_width (k : nat) (XS : nat -> bool) (m : nat) (r : nat -> R) : nat :=
  if Req_EM_T (ufl_own m r) 0 then m else (m + ufl_rank (fun i => negb (XS i)) k)%nat.

Definition ufl_P (m : nat) (y : nat) : bool := Nat.ltb y m.

Definition ufl_Q (XS : nat -> bool) (m : nat) (M : nat -> nat -> R) (r : nat -> R)
    (x y : nat) : R :=
  if Nat.ltb y m then (if XS x then M (ufl_rank XS x) y else r y)
  else if XS x then 0
  else if Nat.eqb y (m + ufl_rank (fun i => negb (XS i)) x) then ufl_own m r
  else 0.
Fixpoint ufl_min (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S O => f O
  | S n' => Rmin (ufl_min f n') (f n')
  end.

Definition ufl_r_min (M : nat -> nat -> R) (nS : nat) (y : nat) : R :=
  ufl_min (fun i => M i y) nS.
Theorem uldp_from_ldp : forall (k m : nat) (XS : nat -> bool) (M : nat -> nat -> R) (t : R),
  1 <= t -> (0 < ufl_rank XS k)%nat ->
  Mechanism (ufl_rank XS k) m M -> LDP (ufl_rank XS k) (Outputs m) M t ->
  let r := ufl_r_min M (ufl_rank XS k) in
  let W := ufl_width k XS m r in
  Mechanism k W (ufl_Q XS m M r) /\
  ULDPLiteral k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t /\
  ULDP k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t.
)coq"},
    ConstructionTheorem{"uldp_from_ldp_lowest", "UldpFromLdp",
                        R"coq(Fixpoint ufl_rank (p : nat -> bool) (x : nat) : nat :=
  match x with
  | O => O
  | S x' => (ufl_rank p x' + (if p x' then 1 else 0))%nat
  end.

Definition ufl_own (m : nat) (r : nat -> R) : R := 1 - rsum m r.

Definition ufl_width (k : nat) (XS : nat -> bool) (m : nat) (r : nat -> R) : nat :=
  if Req_EM_T (ufl_own m r) 0 then m else (m + ufl_rank (fun i => negb (XS i)) k)%nat.

Definition ufl_P (m : nat) (y : nat) : bool := Nat.ltb y m.

Definition ufl_Q (XS : nat -> bool) (m : nat) (M : nat -> nat -> R) (r : nat -> R)
    (x y : nat) : R :=
  if Nat.ltb y m then (if XS x then M (ufl_rank XS x) y else r y)
  else if XS x then 0
  else if Nat.eqb y (m + ufl_rank (fun i => negb (XS i)) x) then ufl_own m r
  else 0.
Fixpoint ufl_max (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S O => f O
  | S n' => Rmax (ufl_max f n') (f n')
  end.
Definition ufl_r_lowest (M : nat -> nat -> R) (nS : nat) (t : R) (y : nat) : R :=
  ufl_max (fun i => M i y) nS / t.
Theorem uldp_from_ldp_lowest : forall (k m : nat) (XS : nat -> bool) (M : nat -> nat -> R)
    (t : R),
  1 <= t -> (0 < ufl_rank XS k)%nat ->
  Mechanism (ufl_rank XS k) m M -> LDP (ufl_rank XS k) (Outputs m) M t ->
  let r := ufl_r_lowest M (ufl_rank XS k) t in
  let W := ufl_width k XS m r in
  Mechanism k W (ufl_Q XS m M r) /\
  ULDPLiteral k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t /\
  ULDP k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t.
)coq"},
    ConstructionTheorem{"mutant_uldp_from_ldp_largest", "UldpFromLdp",
                        R"coq(Fixpoint ufl_rank (p : nat -> bool) (x : nat) : nat :=
  match x with
  | O => O
  | S x' => (ufl_rank p x' + (if p x' then 1 else 0))%nat
  end.

Definition ufl_own (m : nat) (r : nat -> R) : R := 1 - rsum m r.

Definition ufl_width (k : nat) (XS : nat -> bool) (m : nat) (r : nat -> R) : nat :=
  if Req_EM_T (ufl_own m r) 0 then m else (m + ufl_rank (fun i => negb (XS i)) k)%nat.

Definition ufl_P (m : nat) (y : nat) : bool := Nat.ltb y m.

Definition ufl_Q (XS : nat -> bool) (m : nat) (M : nat -> nat -> R) (r : nat -> R)
    (x y : nat) : R :=
  if Nat.ltb y m then (if XS x then M (ufl_rank XS x) y else r y)
  else if XS x then 0
  else if Nat.eqb y (m + ufl_rank (fun i => negb (XS i)) x) then ufl_own m r
  else 0.
Fixpoint ufl_max (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S O => f O
  | S n' => Rmax (ufl_max f n') (f n')
  end.
Definition ufl_r_largest (M : nat -> nat -> R) (nS : nat) (y : nat) : R :=
  ufl_max (fun i => M i y) nS.

Definition ufl_ex_M (x y : nat) : R :=
  match x, y with
  | O, O => 1 / 3
  | O, S O => 2 / 3
  | S O, O => 2 / 3
  | S O, S O => 1 / 3
  | _, _ => 0
  end.

Theorem mutant_uldp_from_ldp_largest :
  Mechanism 2 2 ufl_ex_M /\ LDP 2 (Outputs 2) ufl_ex_M 2 /\
  ufl_rank (fun x => Nat.ltb x 2) 3 = 2%nat /\
  1 < rsum 2 (ufl_r_largest ufl_ex_M 2) /\
  ~ Mechanism 3 (ufl_width 3 (fun x => Nat.ltb x 2) 2 (ufl_r_largest ufl_ex_M 2))
      (ufl_Q (fun x => Nat.ltb x 2) 2 ufl_ex_M (ufl_r_largest ufl_ex_M 2)).
)coq"},
};

}  // namespace

std::optional<CoqTheorem> construction_coq_theorem(std::string_view claim) {
  for (const ConstructionTheorem& theorem : kTheorems) {
    if (claim == theorem.claim) return CoqTheorem{theorem.module, theorem.statement};
  }
  return std::nullopt;
}

}  // namespace uldp::verify::internal
