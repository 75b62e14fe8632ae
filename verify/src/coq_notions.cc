// The notions every Coq theorem of uldp is stated in (verify/coq/Common.v's `(* uldp:statement
// notions *)` blocks): a claim's statement means what it says only with these, so they are pinned
// as each claim's statement is.
#include "uldp/verify/coq_check.h"

namespace uldp::verify {

const std::string& coq_notions_statement() {
  static const std::string statement = R"coq(Fixpoint rsum (n : nat) (f : nat -> R) : R :=
  match n with
  | O => 0
  | S n' => rsum n' f + f n'
  end.
Fixpoint rprod (n : nat) (f : nat -> R) : R :=
  match n with
  | O => 1
  | S n' => rprod n' f * f n'
  end.
Definition count (n : nat) (p : nat -> bool) : R := rsum n (fun i => if p i then 1 else 0).
Section Notions.
  (** Outputs of any type; [Yd] is the output set of the mechanism. *)
  Variable Y : Type.

  (** Q(y|x) <= t Q(y|x') for all inputs x, x' < k and every output y with [Yr y]. *)
  Definition RatioBound (k : nat) (Yr : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    forall x x' y, (x < k)%nat -> (x' < k)%nat -> Yr y -> Q x y <= t * Q x' y.

  (** Some pair of inputs and some output with [Yr y] attain the ratio t exactly. *)
  Definition RatioAttained (k : nat) (Yr : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    exists x x' y, (x < k)%nat /\ (x' < k)%nat /\ Yr y /\ 0 < Q x' y /\ Q x y = t * Q x' y.

  (** eps-LDP (Definition 1) over the output set [Yd]. *)
  Definition LDP (k : nat) (Yd : Y -> Prop) (Q : nat -> Y -> R) (t : R) : Prop :=
    RatioBound k Yd Q t.

  (** y has exactly one source, and that source is non-sensitive. *)
  Definition SoleNonSensitiveSource (k : nat) (S : nat -> bool) (Q : nat -> Y -> R) (y : Y) :=
    exists x, (x < k)%nat /\ S x = false /\ 0 < Q x y /\
      forall x', (x' < k)%nat -> x' <> x -> Q x' y = 0.

  (** Some input produces y. *)
  Definition Reachable (k : nat) (Q : nat -> Y -> R) (y : Y) := exists x, (x < k)%nat /\ 0 < Q x y.

  (** Condition 1 of Definition 2, literally: every invertible output has a sole,
      non-sensitive source. *)
  Definition Cond1Literal (k : nat) (S : nat -> bool) (Yi : Y -> Prop) (Q : nat -> Y -> R) :=
    forall y, Yi y -> SoleNonSensitiveSource k S Q y.

  (** Condition 1 over the invertible outputs that some input produces (the reading uldp's
      checkers call "reachable"; docs/errata.md says why the literal one fails for uRAP). *)
  Definition Cond1Reachable (k : nat) (S : nat -> bool) (Yi : Y -> Prop) (Q : nat -> Y -> R) :=
    forall y, Yi y -> Reachable k Q y -> SoleNonSensitiveSource k S Q y.

  (** (X_S, Y_P, eps)-ULDP (Definition 2) with Y_P = [Yp] and Y_I = [Yi], reachable reading. *)
  Definition ULDP (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop) (Q : nat -> Y -> R) (t : R) :=
    Cond1Reachable k S Yi Q /\ RatioBound k Yp Q t.

  (** The same, condition 1 read literally. *)
  Definition ULDPLiteral (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop) (Q : nat -> Y -> R)
    (t : R) := Cond1Literal k S Yi Q /\ RatioBound k Yp Q t.

  (** (X_S, eps)-OSLDP (Definition 6): Q(y|x) <= t Q(y|x') for x in X_S, any x', any y. *)
  Definition OSLDP (k : nat) (S : nat -> bool) (Yd : Y -> Prop) (Q : nat -> Y -> R) (t : R) :=
    forall x x' y, (x < k)%nat -> (x' < k)%nat -> S x = true -> Yd y -> Q x y <= t * Q x' y.
End Notions.

Arguments RatioBound {Y}. Arguments RatioAttained {Y}. Arguments LDP {Y}.
Arguments SoleNonSensitiveSource {Y}. Arguments Reachable {Y}. Arguments Cond1Literal {Y}.
Arguments Cond1Reachable {Y}. Arguments ULDP {Y}. Arguments ULDPLiteral {Y}. Arguments OSLDP {Y}.
Definition Mechanism (k m : nat) (Q : nat -> nat -> R) : Prop :=
  (forall x y, (x < k)%nat -> (y < m)%nat -> 0 <= Q x y) /\
  (forall x, (x < k)%nat -> rsum m (Q x) = 1).

(** Output sets of a mechanism with outputs 0..m-1, split by the protected set [P]. *)
Definition Outputs (m : nat) (y : nat) : Prop := (y < m)%nat.
Definition Protected (m : nat) (P : nat -> bool) (y : nat) : Prop := (y < m)%nat /\ P y = true.
Definition Invertible (m : nat) (P : nat -> bool) (y : nat) : Prop := (y < m)%nat /\ P y = false.
)coq";
  return statement;
}

}  // namespace uldp::verify
