(* rappor_bloom_ldp: Bloom-filter RAPPOR (Erlingsson, Pihur and Korolova, CCS 2014) for every
   filter size m, every h and every two filters of at most h bits. A report's bits are
   independent: bit j is 1 with probability a when j is in the input's filter B and b when it is
   not, so Q(y|B) = prod_{j<m} P(y_j | B j). The cohort, uniform and independent of the input, is
   part of the output and multiplies both sides by 1/C, so one cohort's filters suffice. One
   report has a = q_star = (1 - f/2) q + (f/2) p and b = p_star = (f/2) q + (1 - f/2) p and is
   bounded by (q_star (1 - p_star) / (p_star (1 - q_star)))^h (Erlingsson et al.'s eps_1); the long run, which reveals at
   most the permanent response, has a = 1 - f/2, b = f/2 and is bounded by
   ((1 - f/2) / (f/2))^(2h) (their eps_inf). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement rappor_bloom_ldp *)
Fixpoint bits_set (m : nat) (B : nat -> bool) : nat :=
  match m with
  | O => O
  | S m' => (bits_set m' B + (if B m' then 1 else 0))%nat
  end.

Definition bloom_Q (m : nat) (a b : R) (B y : nat -> bool) : R :=
  rprod m (fun j => let p := if B j then a else b in if y j then p else 1 - p).

Definition q_star (f p q : R) : R := (1 - f / 2) * q + f / 2 * p.
Definition p_star (f p q : R) : R := f / 2 * q + (1 - f / 2) * p.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Definition only (B B' : nat -> bool) (j : nat) : bool := andb (B j) (negb (B' j)).

Lemma bits_set_only : forall m B B', (bits_set m (only B B') <= bits_set m B)%nat.
Proof.
  induction m; intros; simpl; [lia|]. specialize (IHm B B'). unfold only at 2.
  destruct (B m), (B' m); simpl; lia.
Qed.

(** The ratio grows by a/b for each bit only B sets, by (1-b)/(1-a) for each only B' sets. *)
Lemma bloom_ratio_count : forall m a b B B' y, 0 < b -> b <= a -> a < 1 ->
  bloom_Q m a b B y <=
  (a / b) ^ bits_set m (only B B') * ((1 - b) / (1 - a)) ^ bits_set m (only B' B) *
  bloom_Q m a b B' y.
Proof.
  intros m a b B B' y Hb Hab Ha. unfold bloom_Q.
  assert (R1 : 1 <= a / b) by (apply (Rmult_le_reg_r b); [lra|]; field_simplify; lra).
  assert (R0 : 1 <= (1 - b) / (1 - a)) by (apply (Rmult_le_reg_r (1 - a)); [lra|];
                                             field_simplify; lra).
  assert (E1 : a / b * b = a) by (field; lra).
  assert (E0 : (1 - b) / (1 - a) * (1 - a) = 1 - b) by (field; lra).
  assert (F1 : 1 - a <= a / b * (1 - b)).
  { apply (Rmult_le_reg_r b); [lra|]. replace (a / b * (1 - b) * b) with (a * (1 - b)) by (field; lra). nra. }
  assert (F0 : b <= (1 - b) / (1 - a) * a).
  { apply (Rmult_le_reg_r (1 - a)); [lra|].
    replace ((1 - b) / (1 - a) * a * (1 - a)) with ((1 - b) * a) by (field; lra). nra. }
  induction m; [simpl; lra|].
  cbn [bits_set rprod]. rewrite !pow_add. unfold only at 2 4.
  set (P := rprod m (fun j => let p := if B j then a else b in if y j then p else 1 - p)) in *.
  set (P' := rprod m (fun j => let p := if B' j then a else b in if y j then p else 1 - p)) in *.
  assert (HP : 0 <= P).
  { unfold P. apply rprod_nonneg. intros. destruct (B i), (y i); lra. }
  assert (HP' : 0 <= P').
  { unfold P'. apply rprod_nonneg. intros. destruct (B' i), (y i); lra. }
  set (u := (a / b) ^ bits_set m (only B B')) in *.
  set (v := ((1 - b) / (1 - a)) ^ bits_set m (only B' B)) in *.
  assert (Hu : 1 <= u) by (apply pow_R1_Rle; lra).
  assert (Hv : 1 <= v) by (apply pow_R1_Rle; lra).
  assert (Step : forall fa fb r, 0 <= fa -> 0 <= fb -> fa <= r * fb ->
                 P * fa <= u * v * P' * (r * fb)).
  { intros fa fb r Ha' Hb' Hr. apply Rle_trans with (u * v * P' * fa).
    - apply Rmult_le_compat_r; assumption.
    - apply Rmult_le_compat_l; [|assumption]. apply Rmult_le_pos; [nra|assumption]. }
  destruct (B m), (B' m), (y m); cbn -[Rdiv].
  - apply Rle_trans with (u * v * P' * (1 * a)); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * (1 * (1 - a))); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * (a / b * b)); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * (a / b * (1 - b))); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * ((1 - b) / (1 - a) * a)); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * ((1 - b) / (1 - a) * (1 - a)));
      [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * (1 * b)); [apply Step; lra | right; ring].
  - apply Rle_trans with (u * v * P' * (1 * (1 - b))); [apply Step; lra | right; ring].
Qed.


(** With at most h bits in each filter: (a(1-b) / (b(1-a)))^h. *)
Lemma bloom_ratio : forall m h a b B B' y, 0 < b -> b <= a -> a < 1 ->
  (bits_set m B <= h)%nat -> (bits_set m B' <= h)%nat ->
  bloom_Q m a b B y <= (a * (1 - b) / (b * (1 - a))) ^ h * bloom_Q m a b B' y.
Proof.
  intros m h a b B B' y Hb Hab Ha HB HB'.
  assert (R1 : 1 <= a / b) by (apply (Rmult_le_reg_r b); [lra|]; field_simplify; lra).
  assert (R0 : 1 <= (1 - b) / (1 - a)) by (apply (Rmult_le_reg_r (1 - a)); [lra|];
                                             field_simplify; lra).
  assert (HQ : 0 <= bloom_Q m a b B' y).
  { unfold bloom_Q. apply rprod_nonneg. intros. destruct (B' i), (y i); lra. }
  eapply Rle_trans; [apply bloom_ratio_count; assumption|].
  replace (a * (1 - b) / (b * (1 - a))) with (a / b * ((1 - b) / (1 - a))) by (field; lra).
  rewrite Rpow_mult_distr. apply Rmult_le_compat_r; [assumption|].
  pose proof (bits_set_only m B B'). pose proof (bits_set_only m B' B).
  apply Rmult_le_compat; try (apply pow_le; lra); apply Rle_pow; lia || lra.
Qed.

Lemma rappor_channel : forall f p q, 0 <= f <= 1 -> 0 < p -> p <= q -> q < 1 ->
  0 < p_star f p q /\ p_star f p q <= q_star f p q /\ q_star f p q < 1.
Proof. intros. unfold p_star, q_star. repeat split; nra. Qed.

(* uldp:statement rappor_bloom_ldp *)
Theorem rappor_bloom_ldp : forall (m h : nat) (f p q : R) (B B' y : nat -> bool),
  (bits_set m B <= h)%nat -> (bits_set m B' <= h)%nat ->
  (0 <= f <= 1 -> 0 < p -> p <= q -> q < 1 ->
   bloom_Q m (q_star f p q) (p_star f p q) B y <=
   (q_star f p q * (1 - p_star f p q) / (p_star f p q * (1 - q_star f p q))) ^ h *
   bloom_Q m (q_star f p q) (p_star f p q) B' y) /\
  (0 < f <= 1 ->
   bloom_Q m (1 - f / 2) (f / 2) B y <=
   ((1 - f / 2) / (f / 2)) ^ (2 * h) * bloom_Q m (1 - f / 2) (f / 2) B' y).
(* uldp:end *)
Proof.
  intros m h f p q B B' y HB HB'. split.
  - intros Hf Hp Hpq Hq. destruct (rappor_channel f p q Hf Hp Hpq Hq) as (H1 & H2 & H3).
    apply bloom_ratio; assumption.
  - intros Hf.
    replace (((1 - f / 2) / (f / 2)) ^ (2 * h))
      with (((1 - f / 2) * (1 - f / 2) / (f / 2 * (1 - (1 - f / 2)))) ^ h).
    + apply bloom_ratio; try assumption; lra.
    + rewrite pow_mult. f_equal. field. lra.
Qed.

Print Assumptions rappor_bloom_ldp.
