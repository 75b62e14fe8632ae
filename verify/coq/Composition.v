(* Proposition 1 of arXiv 1807.11317 (adaptive sequential composition): if Q0 is
   (X_S, Y0P, t0)-ULDP and, for every y0, Q1(.|y0, .) is (X_S, Y1P, t1)-ULDP, then the composite
   Q(y0, y1|x) = Q0(y0|x) Q1(y1|y0, x) is a mechanism on Y0 x Y1 and is
   (X_S, (Y0 x Y1)_P, t0 t1)-ULDP with (Y0 x Y1)_P = Y0P x Y1P, condition 1 in the reachable
   reading, for any k, m0, m1, X_S, Y0P, Y1P. The refutations: the literal reading (erratum),
   Q1's condition 1 dropped, and the budgets added (t0 + t1) instead of multiplied. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* x < n for a numeral n: one goal per value *)
Ltac split_lt :=
  repeat match goal with
  | H : (?x < 0)%nat |- _ => exfalso; apply (Nat.nlt_0_r x); exact H
  | H : (?x < S ?n)%nat |- _ =>
      is_var x; destruct x as [|x]; [clear H | apply Nat.succ_lt_mono in H]
  end.

(* uldp:statement composition composition_literal composition_q1_not_invertible mutant_composition_budgets_added *)
Definition comp_Q (Q0 : nat -> nat -> R) (Q1 : nat -> nat -> nat -> R) (x : nat) (y : nat * nat)
  : R := Q0 x (fst y) * Q1 (fst y) x (snd y).
Definition comp_Yp (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  Protected m0 P0 (fst y) /\ Protected m1 P1 (snd y).
Definition comp_Yi (m0 m1 : nat) (P0 P1 : nat -> bool) (y : nat * nat) : Prop :=
  (fst y < m0)%nat /\ (snd y < m1)%nat /\ andb (P0 (fst y)) (P1 (snd y)) = false.
(* uldp:end *)

(** A reachable invertible output of a reachable-ULDP mechanism: its producer is its sole,
    non-sensitive source. *)
Lemma sole_source_of_producer : forall (k : nat) (S : nat -> bool) (Yi : nat -> Prop)
  (Q : nat -> nat -> R) y x,
  Cond1Reachable k S Yi Q -> Yi y -> (x < k)%nat -> 0 < Q x y ->
  S x = false /\ forall x', (x' < k)%nat -> x' <> x -> Q x' y = 0.
Proof.
  intros k S Yi Q y x Hc Hi Hx Hpos.
  destruct (Hc y Hi (ex_intro _ x (conj Hx Hpos))) as (x0 & Hx0 & HS0 & _ & Hzero).
  destruct (Nat.eq_dec x x0) as [->|Hne]; [|rewrite (Hzero x Hx Hne) in Hpos; lra].
  split; assumption.
Qed.

(* uldp:statement composition *)
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
(* uldp:end *)
Proof.
  intros k m0 m1 S P0 P1 Q0 Q1 t0 t1 Ht0 Ht1 [HQ0nn HQ0sum] [Hc0 Hr0] H1.
  split; [|split; [|split]].
  - (* entries are products of entries *)
    intros x y0 y1 Hx Hy0 Hy1. unfold comp_Q; simpl.
    destruct (H1 y0 Hy0) as [[HQ1nn _] _].
    apply Rmult_le_pos; [apply HQ0nn | apply HQ1nn]; assumption.
  - (* rows: sum_y0 Q0(y0|x) sum_y1 Q1(y1|y0,x) = sum_y0 Q0(y0|x) = 1 *)
    intros x Hx. rewrite <- (HQ0sum x Hx). apply rsum_ext. intros y0 Hy0.
    unfold comp_Q; simpl. rewrite rsum_scal.
    destruct (H1 y0 Hy0) as [[_ HQ1sum] _]. rewrite (HQ1sum x Hx). lra.
  - (* condition 1: an invertible pair has an invertible component, whose producer is its sole,
       non-sensitive source *)
    intros [u v] [Hu [Hv Hb]] [x [Hx Hpos]]. simpl in Hu, Hv, Hb.
    unfold comp_Q in Hpos; simpl in Hpos.
    destruct (H1 u Hu) as [[HQ1nn _] [Hc1 _]].
    assert (HQ0x : 0 <= Q0 x u) by (apply HQ0nn; assumption).
    assert (HQ1x : 0 <= Q1 u x v) by (apply HQ1nn; assumption).
    assert (Hp0 : 0 < Q0 x u).
    { destruct (Rle_lt_dec (Q0 x u) 0); [|assumption].
      assert (Q0 x u = 0) by lra. rewrite H in Hpos. lra. }
    assert (Hp1 : 0 < Q1 u x v).
    { destruct (Rle_lt_dec (Q1 u x v) 0); [|assumption].
      assert (Q1 u x v = 0) by lra. rewrite H in Hpos. lra. }
    exists x. split; [assumption|].
    apply Bool.andb_false_iff in Hb. destruct Hb as [Hb | Hb].
    + (* y0 invertible for Q0 *)
      destruct (sole_source_of_producer k S (Invertible m0 P0) Q0 u x Hc0 (conj Hu Hb) Hx Hp0)
        as [HS Hzero].
      split; [assumption|]. split; [unfold comp_Q; simpl; assumption|].
      intros x' Hx' Hne. unfold comp_Q; simpl. rewrite (Hzero x' Hx' Hne). lra.
    + (* y1 invertible for Q1(.|y0, .) *)
      destruct (sole_source_of_producer k S (Invertible m1 P1) (Q1 u) v x Hc1 (conj Hv Hb) Hx Hp1)
        as [HS Hzero].
      split; [assumption|]. split; [unfold comp_Q; simpl; assumption|].
      intros x' Hx' Hne. unfold comp_Q; simpl. rewrite (Hzero x' Hx' Hne). lra.
  - (* ratio: 0 <= Q0(u|x) <= t0 Q0(u|x') and 0 <= Q1(v|u,x) <= t1 Q1(v|u,x') *)
    intros x x' [u v] Hx Hx' [[Hu Hpu] [Hv Hpv]]. simpl in *. unfold comp_Q; simpl.
    destruct (H1 u Hu) as [[HQ1nn _] [_ Hr1]].
    assert (Ha := Hr0 x x' u Hx Hx' (conj Hu Hpu)).
    assert (Hb := Hr1 x x' v Hx Hx' (conj Hv Hpv)).
    assert (0 <= Q0 x u) by (apply HQ0nn; assumption).
    assert (0 <= Q1 u x v) by (apply HQ1nn; assumption).
    assert (Q0 x u * Q1 u x v <= (t0 * Q0 x' u) * Q1 u x v)
      by (apply Rmult_le_compat_r; assumption).
    assert ((t0 * Q0 x' u) * Q1 u x v <= (t0 * Q0 x' u) * (t1 * Q1 u x' v))
      by (apply Rmult_le_compat_l; lra).
    lra.
Qed.

(* uldp:statement composition_literal *)
Definition id_Q (x y : nat) : R := if Nat.eqb x y then 1 else 0.
Definition id_Q1 (y0 x y1 : nat) : R := id_Q x y1.
(* uldp:end *)

(* uldp:statement composition_literal *)
Theorem composition_literal :
  Mechanism 2 2 id_Q /\
  ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
    id_Q 1 /\
  (forall y0, (y0 < 2)%nat -> Mechanism 2 2 (id_Q1 y0) /\
     ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false)) (Invertible 2 (fun _ => false))
       (id_Q1 y0) 1) /\
  ~ ULDPLiteral 2 (fun _ => false) (comp_Yp 2 2 (fun _ => false) (fun _ => false))
      (comp_Yi 2 2 (fun _ => false) (fun _ => false)) (comp_Q id_Q id_Q1) (1 * 1).
(* uldp:end *)
Proof.
  assert (Hm : Mechanism 2 2 id_Q).
  { split.
    - intros x y Hx Hy. split_lt; unfold id_Q; simpl; lra.
    - intros x Hx. split_lt; unfold id_Q; simpl; lra. }
  assert (Hu : ULDPLiteral 2 (fun _ => false) (Protected 2 (fun _ => false))
                 (Invertible 2 (fun _ => false)) id_Q 1).
  { split.
    - intros y [Hy _]. exists y. split; [assumption|]. split; [reflexivity|].
      split; [unfold id_Q; rewrite Nat.eqb_refl; lra|].
      intros x' Hx' Hne. unfold id_Q. apply Nat.eqb_neq in Hne. rewrite Hne. reflexivity.
    - intros x x' y Hx Hx' [_ HP]. discriminate. }
  split; [exact Hm|]. split; [exact Hu|]. split; [intros; split; unfold id_Q1; assumption|].
  (* (y0, y1) = (0, 1): y0 comes from x = 0 only, y1 from x = 1 only, so no input produces it *)
  intros [Hc _].
  assert (Hi : comp_Yi 2 2 (fun _ => false) (fun _ => false) (0%nat, 1%nat))
    by (unfold comp_Yi; simpl; split; [lia | split; [lia | reflexivity]]).
  destruct (Hc _ Hi) as (x & Hx & _ & Hpos & _).
  unfold comp_Q, id_Q1, id_Q in Hpos; simpl in Hpos. split_lt; simpl in Hpos; lra.
Qed.

(* uldp:statement composition_q1_not_invertible *)
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
(* uldp:end *)
Proof.
  assert (Hm : Mechanism 2 1 one_Q).
  { split.
    - intros. unfold one_Q. lra.
    - intros x Hx. unfold one_Q. simpl. lra. }
  split; [exact Hm|]. split; [|split].
  - split.
    + intros y [_ HP]. discriminate.
    + intros x x' y _ _ _. unfold one_Q. lra.
  - intros y0 _. split; [exact Hm|]. intros x x' y _ _ [_ HP]. discriminate.
  - (* (0, 0) is not protected, and the sensitive x = 0 produces it *)
    intros [Hc _].
    assert (Hi : comp_Yi 1 1 (fun _ => true) (fun _ => false) (0%nat, 0%nat))
      by (unfold comp_Yi; simpl; split; [lia | split; [lia | reflexivity]]).
    assert (Hre : Reachable 2 (comp_Q one_Q one_Q1) (0%nat, 0%nat))
      by (exists 0%nat; split; [lia | unfold comp_Q, one_Q, one_Q1; simpl; lra]).
    destruct (Hc _ Hi Hre) as (x & Hx & HS & _ & Hzero).
    split_lt; simpl in HS; try discriminate.
    specialize (Hzero 0%nat ltac:(lia) ltac:(lia)). unfold comp_Q, one_Q, one_Q1 in Hzero; simpl in Hzero.
    lra.
Qed.

(* uldp:statement mutant_composition_budgets_added *)
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
(* uldp:end *)
Proof.
  assert (Hrr : forall t, 1 <= t -> Mechanism 2 2 (rr_Q t) /\
            ULDP 2 (fun _ => true) (Protected 2 (fun _ => true)) (Invertible 2 (fun _ => true))
              (rr_Q t) t).
  { intros t Ht. assert (0 < 1 + t) by lra.
    assert (Ha : 0 < / (1 + t)) by (apply Rinv_0_lt_compat; lra).
    split; [split|split].
    - intros x y Hx Hy. split_lt; unfold rr_Q; simpl; unfold Rdiv; nra.
    - intros x Hx. split_lt; unfold rr_Q; simpl; field; lra.
    - intros y [_ HP]. discriminate.
    - intros x x' y Hx Hx' [Hy _]. set (a := / (1 + t)) in *.
      assert (0 <= (t - 1) * (t * a)) by (apply Rmult_le_pos; nra).
      assert (0 <= (t * t - 1) * a) by (apply Rmult_le_pos; nra).
      split_lt; unfold rr_Q; simpl; unfold Rdiv; fold a; nra. }
  split; [apply Hrr; lra|]. split; [apply Hrr; lra|]. split; [intros; apply Hrr; lra|].
  (* at (0, 0): (15/23)(13/17) = 195/32 (8/23)(4/17), and 195/32 > 15/8 + 13/4 = 41/8 *)
  intro H.
  assert (Hy : comp_Yp 2 2 (fun _ => true) (fun _ => true) (0%nat, 0%nat))
    by (unfold comp_Yp, Protected; simpl; split; split; (lia || reflexivity)).
  specialize (H 0%nat 1%nat (0%nat, 0%nat) ltac:(lia) ltac:(lia) Hy).
  unfold comp_Q, rr_Q1, rr_Q in H; simpl in H. lra.
Qed.

Print Assumptions composition.
Print Assumptions composition_literal.
Print Assumptions composition_q1_not_invertible.
Print Assumptions mutant_composition_budgets_added.
